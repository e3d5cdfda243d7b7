import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  ATTACHMENTS_PATH,
  chatSession,
  createTurnRequest,
  dialoguePaths,
  encodeStreamFrame,
  errorBody,
  STREAM_DONE_FRAME,
  selectVersionRequest,
  sessionDetail,
  sessionListQuery,
  sessionPage,
  updateSessionRequest,
} from '@wanxiang/api-client/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { fieldErrors, notFound } from '../../http/errors';
import { openEventStream } from '../../http/sse';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import type { FileStore } from '../files/store';
import type { StreamSlots } from '../limits/streams';
import { receiveTurn, type StagedFile } from './attachments/receive';
import { fileKey, findAttachment, type StoredFile, sessionFileKeys } from './attachments/repo';
import {
  deleteSession,
  listSessions,
  sessionDetail as loadSessionDetail,
  selectVersion,
  sessionJson,
  updateSession,
} from './repo';
import type { DialogueService } from './service';

export interface DialogueRoutesOptions {
  db: Db;
  dialogue: DialogueService;
  requireAuth: RequireAuth;
  /** The cap on a user's simultaneous answers, across instances. */
  streamSlots: StreamSlots;
  /** Where attached files are kept. */
  files: FileStore;
  /** A local directory uploads stream into before they are checked (see files/store.ts). */
  stagingDir: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A multipart turn's checked files, staged on disk until the turn takes them. */
    stagedFiles?: StagedFile[];
  }
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const sessionParams = z.object({ id: z.string() });
const security = [{ bearerAuth: [] }];
const SESSION_PATH = `${dialoguePaths.sessions}:id/`;

function pageUrl(url: string, page: number, pageSize: number, q?: string): string {
  const [path = ''] = url.split('?');
  const search = q ? `&q=${encodeURIComponent(q)}` : '';
  return `${path}?page=${page}&page_size=${pageSize}${search}`;
}

export const dialogueRoutes: FastifyPluginAsyncZod<DialogueRoutesOptions> = async (app, options) => {
  const { db, dialogue: chat, requireAuth, streamSlots, files: store, stagingDir } = options;
  // Size and count are checked per file in receive.ts, so that each refusal can name its file.
  await app.register(multipart, { throwFileSizeLimit: false });
  // Streaming turns would hold the shutdown; they are stopped, stored and settled before the database closes.
  app.addHook('preClose', () => chat.stopAll());
  scheduleMaintenance(app, {
    name: 'recover interrupted chat turns',
    run: () => chat.recoverInterrupted(),
    atStart: true,
  });

  app.get(
    dialoguePaths.sessions,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '会话列表',
        description:
          '当前用户的会话：置顶的在前（最近置顶的最先），其余按最近活动时间倒序，分页（page 从 1 开始，page_size 默认 10，最大 100）。' +
          'q 为搜索文字：只返回标题或消息内容包含它的会话（不区分大小写，支持中文与部分词），由消息内容命中的结果带 snippet。',
        security,
        querystring: sessionListQuery,
        response: { 200: sessionPage, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, q } = request.query;
      const { count, rows } = await listSessions(db, authOf(request).userId, page, pageSize, q);
      const last = Math.max(1, Math.ceil(count / pageSize));
      return {
        count,
        next: page < last ? pageUrl(request.url, page + 1, pageSize, q) : null,
        previous: page > 1 ? pageUrl(request.url, Math.min(page - 1, last), pageSize, q) : null,
        results: rows.map((row) =>
          row.snippet === undefined ? sessionJson(row) : { ...sessionJson(row), snippet: row.snippet },
        ),
      };
    },
  );

  app.get(
    SESSION_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '会话详情',
        description:
          '会话及其当前分支的消息（history），按时间先后，用户消息与回答成对出现。' +
          '每条消息带 parent_id（它所接的上一条消息）与 versions（它的全部版本的 id，含自身，按创建先后）：' +
          '重新生成的回答、编辑后重发的问题都作为新版本保留。',
        security,
        params: sessionParams,
        response: { 200: sessionDetail, ...errors(401, 404) },
      },
    },
    async (request) => {
      const detail = await loadSessionDetail(db, authOf(request).userId, request.params.id);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.patch(
    SESSION_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '重命名或置顶会话',
        description: `title 为新名称（去掉首尾空白后 1–100 个字符）；pinned 为 true 时置顶，false 时取消置顶。返回更新后的会话。`,
        security,
        params: sessionParams,
        body: updateSessionRequest,
        response: { 200: chatSession, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { title, pinned } = request.body;
      const name = title?.trim();
      if (name === '') throw fieldErrors({ title: [messages.chat.emptyTitle] });
      const row = await updateSession(db, authOf(request).userId, request.params.id, {
        ...(name === undefined ? {} : { title: name }),
        ...(pinned === undefined ? {} : { pinned }),
      });
      if (!row) throw notFound();
      return sessionJson(row);
    },
  );

  app.post(
    `${SESSION_PATH}select-version/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '切换消息版本',
        description:
          'message_id 为会话中某条消息的一个版本（见 versions）。此后会话的当前分支经过它（其下各处沿用上次选中的版本），' +
          '模型也只以当前分支为上下文。返回切换后的会话详情。',
        security,
        params: sessionParams,
        body: selectVersionRequest,
        response: { 200: sessionDetail, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const selected = await selectVersion(db, userId, request.params.id, request.body.message_id);
      if (!selected) throw notFound();
      const detail = await loadSessionDetail(db, userId, request.params.id);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.delete(
    SESSION_PATH,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '删除会话',
        description: '删除会话及其消息；正在生成的回答会被停止，已生成部分照常结算。',
        security,
        params: sessionParams,
        response: { 204: z.null().describe('已删除'), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const keys = await sessionFileKeys(db, userId, [request.params.id]);
      const deleted = await deleteSession(db, userId, request.params.id);
      if (!deleted) throw notFound();
      chat.stopSession(request.params.id);
      // The rows went with the session; the bytes go after. A failure leaves unreachable bytes, never a
      // row pointing at nothing.
      await store
        .delete(keys)
        .catch((error) => request.log.warn({ err: error }, 'could not delete a session’s files'));
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${ATTACHMENTS_PATH}:id/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '下载消息附件',
        description:
          '消息附件（用户上传的文件或模型生成的图片）的内容，仅其所有者可取；他人的文件与不存在的文件同样返回 404。' +
          '图片以 inline 返回，其他文件以 attachment 返回。',
        security,
        params: sessionParams,
        response: {
          200: {
            description: '文件内容',
            content: { 'application/octet-stream': { schema: z.string().describe('文件的字节') } },
          },
          ...errors(401, 404),
        },
      },
    },
    async (request, reply) => {
      const row = await findAttachment(db, authOf(request).userId, request.params.id);
      if (!row) throw notFound();
      const stream = await store.open(row.storageKey);
      if (!stream) throw notFound();
      const inline = row.mimeType.startsWith('image/');
      return (
        reply
          .type(row.mimeType)
          .header('content-length', row.size)
          .header(
            'content-disposition',
            `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
          )
          // A file never changes under its id; only the owner's browser may keep it.
          .header('cache-control', 'private, max-age=31536000, immutable')
          // The schema documents the bytes as a string; Fastify streams a Readable as it is.
          .send(stream as unknown as string)
      );
    },
  );

  app.post(
    dialoguePaths.createTurn,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '发送消息（流式回答）',
        description: [
          '发送一条消息并以 text/event-stream 流式返回回答。每帧为一行 `data: {"type", "data"}` 加空行：',
          'text（回答片段）、image_data（{mime_type, data} 图片）、error（{message, code}）、',
          'final_data（session_id、model_id、usage、credits_charged、credits_balance、status 等），最后是 `data: [DONE]`。',
          'session_id 为 null 时新建会话。regenerate_message_id 为会话中的一条回答时，不带 prompt，就其问题重新生成一个新版本；' +
            'edit_message_id 为会话中的一条用户消息时，以 prompt 作为它的新版本重新发送。旧版本都保留，新版本成为当前分支；每次生成都单独预扣与结算积分。',
          '余额不足以支付本轮最低费用时直接返回 402（code: insufficient_credits），不会开始流。',
          '客户端断开时停止调用模型，已生成的部分保存为 stopped 并只按已生成内容计费；在第一个词元之前失败不收费。',
          '同一用户同时进行的回答有上限（MAX_CONCURRENT_STREAMS，默认 3），超出时返回 429（code: too_many_streams）。',
          '带附件时以 multipart/form-data 发送：data 字段为上述 JSON（prompt 可为空文字），files 为重复的文件部分。' +
            '每个文件不超过 30 MB，最多 10 个；类型为 JPEG、PNG、GIF、WebP、纯文本、Markdown、JSON、CSV、PDF、DOCX、DOC，' +
            '并按内容核对。任一文件不合格时返回 400，detail 逐个说明（以“；”分隔），不保存任何内容、不预扣积分。',
        ].join(''),
        security,
        consumes: ['application/json', 'multipart/form-data'],
        body: createTurnRequest,
        response: {
          200: {
            description: '服务器发送事件流（SSE）',
            content: {
              'text/event-stream': {
                schema: z
                  .string()
                  .describe(
                    '每帧 `data: {"type": "text" | "image_data" | "final_data" | "error", "data": …}`，以 `data: [DONE]` 结束',
                  ),
              },
            },
          },
          ...errors(400, 401, 402, 404, 413, 415, 429),
        },
      },
      // A multipart turn: its files stream to disk and are checked, and its `data` becomes the body the
      // schema validates, before the handler runs. Whatever is left staged goes when the request ends.
      preValidation: async (request, reply) => {
        if (!request.isMultipart()) return;
        const dir = path.join(stagingDir, randomUUID());
        let removed: Promise<void> | undefined;
        const cleanup = () => {
          removed ??= rm(dir, { recursive: true, force: true }).catch((error) =>
            request.log.warn({ err: error }, 'could not remove staged uploads'),
          );
          return removed;
        };
        // When the answer has ended (or the client went away), nothing staged is needed any more.
        reply.raw.once('close', () => void cleanup());
        try {
          const { data, files } = await receiveTurn(request, dir);
          request.body = data as typeof request.body;
          request.stagedFiles = files;
        } catch (error) {
          await cleanup();
          throw error;
        }
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      // The slot first: a user at the cap is refused before any credits are held.
      const slot = await streamSlots.acquire(auth.userId);
      const uploads: StoredFile[] = [];
      try {
        for (const file of request.stagedFiles ?? []) {
          const key = fileKey(auth.userId, file.id);
          await store.put(key, file.path, file.mimeType);
          uploads.push({ ...file, key, truncated: false });
        }
        let turn: Awaited<ReturnType<typeof chat.prepareTurn>>;
        try {
          turn = await chat.prepareTurn(auth.userId, request.body, uploads);
        } catch (error) {
          // A refused turn keeps nothing: its files leave the store again.
          await store.delete(uploads.map((file) => file.key)).catch(() => undefined);
          throw error;
        }
        const stream = openEventStream(reply);
        await chat.runTurn(
          turn,
          {
            text: (data) => stream.write(encodeStreamFrame({ type: 'text', data })),
            image: (data) => stream.write(encodeStreamFrame({ type: 'image_data', data })),
            error: (data) => stream.write(encodeStreamFrame({ type: 'error', data })),
            final: (data) => stream.write(encodeStreamFrame({ type: 'final_data', data })),
          },
          stream.signal,
        );
        // Given back before the last frame: a client that sends its next turn on [DONE] finds it free.
        await slot.release();
        stream.write(STREAM_DONE_FRAME);
        stream.end();
      } finally {
        await slot.release();
      }
      return reply;
    },
  );
};
