import {
  editorPreferences,
  editorPreferencesUpdate,
  errorBody,
  preferencesPaths,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../http/auth';
import type { EditorPreferencesService } from './preferences';

export interface PreferencesRoutesOptions {
  preferences: EditorPreferencesService;
  requireAuth: RequireAuth;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const bearer = [{ bearerAuth: [] }];

/** /api/auth/users/me/preferences/: the signed-in user's word-processor preferences. */
export const preferencesRoutes: FastifyPluginAsyncZod<PreferencesRoutesOptions> = async (
  app,
  { preferences, requireAuth },
) => {
  app.get(
    preferencesPaths.editor,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '编辑器偏好设置',
        description:
          '新文档的字体与字号、自动保存、拼写检查、写作助手的默认模型；从未保存过的项为默认值。默认模型不再在用户的套餐中时答 null。',
        security: bearer,
        response: { 200: editorPreferences, ...errors(401) },
      },
    },
    async (request) => preferences.get(authOf(request).userId),
  );

  app.patch(
    preferencesPaths.editor,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: '修改编辑器偏好设置',
        description:
          '只改请求中给出的项，答全部偏好。未知的项、越界的值与套餐不包含的模型答 400 并指明字段。',
        security: bearer,
        body: editorPreferencesUpdate,
        response: { 200: editorPreferences, ...errors(400, 401) },
      },
    },
    async (request) => preferences.update(authOf(request).userId, request.body),
  );
};
