import type { TooDeepIssueParams, TooManyElementsIssueParams } from '@wanxiang/api-client/contract';
import type { $ZodErrorMap, $ZodIssue, $ZodRawIssue } from 'zod/v4/core';
import { messages } from './zh-CN';

const v = messages.validation;

function describeValues(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('、');
}

/**
 * Chinese texts for zod issues, phrased for people filling in a form (DRF's wording) rather than zod's
 * developer-oriented defaults. Passed per parse, so schemas shared with the client stay message-free.
 */
export const zhErrorMap: $ZodErrorMap = (issue: $ZodRawIssue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return v.required;
      if (issue.input === null) return v.notNull;
      const expected = v.types[issue.expected];
      return expected ? v.type(expected) : v.invalid;
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return Number(min) <= 1 ? v.blank : v.minLength(Number(min));
      if (issue.origin === 'array' || issue.origin === 'set') return v.minItems(Number(min));
      return v.minValue(min, issue.inclusive ?? true);
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return v.maxLength(Number(max));
      if (issue.origin === 'array' || issue.origin === 'set') return v.maxItems(Number(max));
      return v.maxValue(max, issue.inclusive ?? true);
    }
    case 'invalid_format':
      if (issue.format === 'email') return v.invalidEmail;
      if (issue.format === 'url') return v.invalidUrl;
      if (issue.format.startsWith('uuid') || issue.format === 'guid') return v.invalidUuid;
      return v.invalidFormat;
    case 'invalid_value':
      return v.oneOf(describeValues(issue.values));
    case 'unrecognized_keys':
      return v.unknownKeys(issue.keys.join('、'));
    case 'not_multiple_of':
      return issue.divisor === 1 ? v.integer : v.invalid;
    case 'custom': {
      // The contract's own checks say what failed in `params`, and leave the wording to each side.
      const params = issue.params as Partial<TooDeepIssueParams | TooManyElementsIssueParams> | undefined;
      if (params?.code === 'too_deep' && typeof params.max === 'number') return v.tooDeep(params.max);
      if (params?.code === 'too_many_elements' && typeof params.max === 'number')
        return v.tooManyElements(params.max);
      return v.invalid;
    }
    default:
      return v.invalid;
  }
};

/** Issues grouped by dotted field path; issues about the value as a whole go to `nonField`. */
export function groupIssues(issues: readonly Pick<$ZodIssue, 'path' | 'message'>[]): {
  fields: Record<string, string[]>;
  nonField: string[];
} {
  const fields: Record<string, string[]> = {};
  const nonField: string[] = [];
  for (const issue of issues) {
    if (issue.path.length === 0) {
      nonField.push(issue.message);
      continue;
    }
    const key = issue.path.map(String).join('.');
    const list = fields[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    fields[key] = list;
  }
  return { fields, nonField };
}
