import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { zhErrorMap } from '../i18n/zod-messages';

/**
 * fastify-type-provider-zod's validator with Chinese messages: the map is given per parse, so the zod
 * schemas shared with the browser client carry no server wording. The result has the shape fastify puts
 * on `error.validation`, which the error handler turns into `{errors: {field: [...]}}`.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: zhErrorMap });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: issue.path.length > 0 ? `/${issue.path.map(String).join('/')}` : '',
        schemaPath: '#',
        params: {},
        message: issue.message,
      })),
    };
  };
