import multipart from '@fastify/multipart';
import {
  ATTACHMENTS_PATH,
  chatPaths,
  chatSession,
  createTurnRequest,
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
import { type EventStream, openEventStream } from '../../http/sse';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import { contentDisposition } from '../files/names';
import type { FileStore } from '../files/store';
import type { StreamSlots } from '../limits/streams';
import { releaseStorage, reserveStorage } from '../storage/quota';
import { stageMultipart } from './attachments/receive';
import { fileKey, findAttachment, type StoredFile, sweepUnrecordedFiles } from './attachments/repo';
import { followStored } from './follow';
import type { LiveTurn } from './live';
import {
  deleteSessionAndFiles,
  findSession,
  listSessions,
  sessionDetail as loadSessionDetail,
  requestStop,
  selectVersion,
  sessionJson,
  streamingAnswer,
  updateSession,
} from './repo';
import type { ChatService } from './service';

export interface ChatRoutesOptions {
  db: Db;
  chat: ChatService;
  requireAuth: RequireAuth;
  /** The cap on a user's simultaneous answers, across instances. */
  streamSlots: StreamSlots;
  /** Where attached files are kept. */
  files: FileStore;
  /** A local directory uploads stream into before they are checked (see files/store.ts). */
  stagingDir: string;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const sessionParams = z.object({ id: z.string() });
const security = [{ bearerAuth: [] }];
const SESSION_PATH = `${chatPaths.sessions}:id/`;

/** The connection follows the live answer until it ends or the connection goes. */
function watchOver(live: LiveTurn, stream: EventStream): void {
  const unwatch = live.watch({ write: stream.write, end: stream.end });
  if (stream.signal.aborted) unwatch();
  else stream.signal.addEventListener('abort', unwatch, { once: true });
}

const sseResponse = {
  description: '服务器发送事件流（SSE）',
  content: {
    'text/event-stream': {
      schema: z
        .string()
        .describe(
          '每帧 `data: {"type": "turn" | "search" | "text" | "image_data" | "final_data" | "error", "data": …}`，以 `data: [DONE]` 结束',
        ),
    },
  },
};

function pageUrl(url: string, page: number, pageSize: number, q?: string): string {
  const [path = ''] = url.split('?');
  const search = q ? `&q=${encodeURIComponent(q)}` : '';
  return `${path}?page=${page}&page_size=${pageSize}${search}`;
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, options) => {
  const { db, chat, requireAuth, streamSlots, files: store, stagingDir } = options;
  // Size and count are checked per file in receive.ts, so that each refusal can name its file.
  await app.register(multipart, { throwFileSizeLimit: false });
  // Streaming turns would hold the shutdown; they are stopped, stored and settled before the database closes.
  // Tabs following another instance's answer stop polling.
  const closing = new AbortController();
  app.addHook('preClose', () => {
    closing.abort();
    return chat.stopAll();
  });
  scheduleMaintenance(app, {
    name: 'sweep chat files no turn recorded',
    run: () => sweepUnrecordedFiles(db, store),
    atStart: true,
  });
  scheduleMaintenance(app, {
    name: 'recover interrupted chat turns',
    run: () => chat.recoverInterrupted(),
    atStart: true,
  });

  app.get(
    chatPaths.sessions,
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
        description:
          '删除会话及其消息；正在生成的回答会被停止，已生成部分照常结算。会话的附件与生成的图片一并删除，其占用的存储空间随即释放。',
        security,
        params: sessionParams,
        response: { 204: z.null().describe('已删除'), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { deleted, keys } = await deleteSessionAndFiles(db, userId, request.params.id);
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
    `${SESSION_PATH}live/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '继续查看正在生成的回答',
        description:
          '会话正在生成回答时（消息的 metadata.status 为 streaming），以与发送消息相同的事件流返回它：先是 turn 帧与已生成的全部内容，' +
          '然后是后续内容直到 final_data 与 [DONE]。用于刷新页面后或在另一个标签页中查看；断开只停止查看，不停止生成。' +
          '回答在另一个服务器实例上生成时，按其保存的内容（约每 2 秒一次）继续。没有正在生成的回答时直接返回 [DONE]。',
        security,
        params: sessionParams,
        response: { 200: sseResponse, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const live = chat.liveTurn(userId, request.params.id);
      if (live) {
        watchOver(live, openEventStream(reply));
        return reply;
      }
      const session = await findSession(db, userId, request.params.id);
      if (!session) throw notFound();
      const row = await streamingAnswer(db, session.id);
      const stream = openEventStream(reply);
      if (row) {
        await followStored(
          { db, store, userId, title: session.title },
          row,
          stream,
          closing.signal,
          chat.followStaleMs,
        );
      } else {
        stream.write(STREAM_DONE_FRAME);
        stream.end();
      }
      return reply;
    },
  );

  app.post(
    `${SESSION_PATH}stop/`,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '停止正在生成的回答',
        description:
          '停止会话正在生成的回答，无论是哪个标签页发起的：它以 stopped 结束，只按已生成内容计费，查看它的各个连接都收到 final_data。' +
          '回答在另一个服务器实例上生成时，该实例在下一次保存内容时停止它（约 2 秒内）。没有正在生成的回答时什么也不做。',
        security,
        params: sessionParams,
        response: { 204: z.null().describe('已停止（或没有正在生成的回答）'), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { id } = request.params;
      if (chat.liveTurn(userId, id)) {
        chat.stopSession(id);
      } else {
        const session = await findSession(db, userId, id);
        if (!session) throw notFound();
        await requestStop(db, session.id);
      }
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
          .header('content-disposition', contentDisposition(row.name, inline ? 'inline' : 'attachment'))
          // A file never changes under its id; only the owner's browser may keep it.
          .header('cache-control', 'private, max-age=31536000, immutable')
          // The schema documents the bytes as a string; Fastify streams a Readable as it is.
          .send(stream as unknown as string)
      );
    },
  );

  app.post(
    chatPaths.createTurn,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['chat'],
        summary: '发送消息（流式回答）',
        description: [
          '发送一条消息并以 text/event-stream 流式返回回答。每帧为一行 `data: {"type", "data"}` 加空行：',
          'text（回答片段）、image_data（{mime_type, data} 模型生成的图片，data 为 base64）、error（{message, code}）、',
          '生成的图片按内容核对（JPEG、PNG、GIF、WebP，每张不超过 20 MB，每个回答至多 10 张）后与附件一样保存，' +
            '会话详情中以 image_file（{id, mime_type, size, url}）引用，url 仅其所有者可取；不合格或未能保存的图片不保存，' +
            '原因见 final_data 与消息 metadata 的 notices；以网址（而非 data: URL）给出的图片不获取，同样以 notices 说明。',
          '第一帧为 turn（{session_id, message_id, user_message_id}：回答存放的位置，用于停止或在别的标签页继续查看）；',
          'final_data（session_id、model_id、usage、credits_charged、credits_balance、status 等），最后是 `data: [DONE]`。',
          'search_enabled 为 true 时先联网搜索：search 帧报告进度（{status: searching | done | failed, query, count, message}），' +
            '搜索结果交给模型，回答以 [1] [2] 标注出处，final_data 的 sources 列出这些来源（index、title、url、snippet、site），search 为搜索结果概况。' +
            '搜索失败或超时时 search 帧带 failed 与原因，模型照常不联网回答；服务器未配置搜索服务时同样如此（见 /models/ 的 web_search）。' +
            '搜索另收 search_price_credits 积分，只在搜索成功时收取。',
          'session_id 为 null 时新建会话。regenerate_message_id 为会话中的一条回答时，不带 prompt，就其问题重新生成一个新版本；' +
            'edit_message_id 为会话中的一条用户消息时，以 prompt 作为它的新版本重新发送。旧版本都保留，新版本成为当前分支；每次生成都单独预扣与结算积分。',
          '余额不足以支付本轮最低费用时直接返回 402（code: insufficient_credits），不会开始流。',
          '回答属于服务器而不是连接：页面刷新或在另一个标签页打开会话时，可用 GET sessions/{id}/live/ 接着查看；' +
            '没有任何连接查看的回答继续生成至多 CHAT_UNWATCHED_GRACE（默认 30 秒），之后停止调用模型。' +
            '停止（POST sessions/{id}/stop/ 或无人查看超时）后，已生成的部分保存为 stopped 并只按已生成内容计费；在第一个词元之前失败不收费。',
          '同一用户同时进行的回答有上限（MAX_CONCURRENT_STREAMS，默认 3），超出时返回 429（code: too_many_streams）。',
          '带附件时以 multipart/form-data 发送：data 字段为上述 JSON（prompt 可为空文字），files 为重复的文件部分。' +
            '每个文件不超过 30 MB，最多 10 个；类型为 JPEG、PNG、GIF、WebP、纯文本、Markdown、JSON、CSV、PDF、DOCX、DOC，' +
            '并按内容核对。任一文件不合格时返回 400，detail 逐个说明（以“；”分隔），不保存任何内容、不预扣积分。' +
            '附件计入用户的存储空间（见 GET /api/storage/）：放不下时返回 413（code: storage_full），detail 说明已用、上限与剩余，同样不保存、不预扣。',
        ].join(''),
        security,
        consumes: ['application/json', 'multipart/form-data'],
        body: createTurnRequest,
        response: {
          200: sseResponse,
          ...errors(400, 401, 402, 404, 413, 415, 429),
        },
      },
      // A multipart turn: its files are staged and checked, and its `data` becomes the body.
      preValidation: stageMultipart(stagingDir),
    },
    async (request, reply) => {
      const auth = authOf(request);
      // The slot first: a user at the cap is refused before any credits are held.
      const slot = await streamSlots.acquire(auth.userId);
      const uploads: StoredFile[] = [];
      const staged = request.stagedFiles ?? [];
      try {
        // The files' bytes are reserved before any is stored and before any credit is held: of parallel
        // turns only those that fit the allowance pass.
        const bytes = staged.reduce((sum, file) => sum + file.size, 0);
        await reserveStorage(db, auth.userId, bytes, messages.storage.attachments);
        let turn: Awaited<ReturnType<typeof chat.prepareTurn>>;
        try {
          for (const file of staged) {
            const key = fileKey(auth.userId, file.id);
            await store.put(key, file.path, file.mimeType);
            uploads.push({ ...file, key, truncated: false });
          }
          turn = await chat.prepareTurn(auth.userId, request.body, uploads);
        } catch (error) {
          // A refused turn keeps nothing: its files leave the store again, and their bytes the count.
          await store.delete(uploads.map((file) => file.key)).catch(() => undefined);
          await releaseStorage(db, auth.userId, bytes).catch((failure) =>
            request.log.warn({ err: failure }, 'could not give back a refused turn’s storage'),
          );
          throw error;
        }
        const stream = openEventStream(reply);
        // The slot is the turn's, not the connection's: an answer going on after a reload still counts.
        // Given back before the last frame: a client that sends its next turn on [DONE] finds it free.
        const { live, done } = chat.startTurn(turn, () => slot.release());
        watchOver(live, stream);
        await done;
      } finally {
        await slot.release();
      }
      return reply;
    },
  );
};
