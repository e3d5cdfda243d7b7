import { unstorableText } from '@wanxiang/api-client/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { messages } from '../i18n/zh-CN';
import { zhErrorMap } from '../i18n/zod-messages';

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
};

const issueAt = (path: PropertyKey[], keyword: string, message: string): ValidationIssue => ({
  keyword,
  instancePath: path.length > 0 ? `/${path.map(String).join('/')}` : '',
  schemaPath: '#',
  params: {},
  message,
});

/**
 * fastify-type-provider-zod's validator with Chinese messages: the map is given per parse, so the zod
 * schemas shared with the browser client carry no server wording. The result has the shape fastify puts
 * on `error.validation`, which the error handler turns into `{errors: {field: [...]}}`.
 *
 * Before the schema, every string of the part (body, query, path parameters, headers) is checked for text
 * PostgreSQL cannot store, whatever the schema says of it: a NUL byte or a lone surrogate would otherwise
 * fail inside the database. Those fields alone are reported, each by its name.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const unstorable = unstorableText(data);
    if (unstorable.length > 0) {
      return {
        error: unstorable.map(({ path, problem }) =>
          issueAt(
            path,
            'unstorable_text',
            problem === 'nul' ? messages.validation.nul : messages.validation.loneSurrogate,
          ),
        ),
      };
    }
    const result = safeParse(schema, data, { error: zhErrorMap });
    if (result.success) return { value: result.data };
    return { error: result.error.issues.map((issue) => issueAt(issue.path, issue.code, issue.message)) };
  };
