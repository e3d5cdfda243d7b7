import multipart from '@fastify/multipart';
import {
  ASSISTANT_CONTEXT_TURNS,
  assistantHistory,
  assistantHistoryQuery,
  assistantPaths,
  assistantRequest,
  canonicalDocId,
  encodeAssistantFrame,
  errorBody,
  isAssistantDocId,
  STREAM_DONE_FRAME,
} from '@wanxiang/api-client/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authOf, type RequireAuth } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { openEventStream } from '../../http/sse';
import { messages } from '../../i18n/zh-CN';
import { scheduleMaintenance } from '../../maintenance';
import { type StagedFile, stageMultipart } from '../chat/attachments/receive';
import type { StreamSlots } from '../limits/streams';
import { checkDocumentChatAccess } from './ownership';
import { listDocTurns } from './repo';
import type { AssistantService, DocQuestion } from './service';

export interface AssistantRoutesOptions {
  db: Db;
  assistant: AssistantService;
  requireAuth: RequireAuth;
  streamSlots: StreamSlots;
  /** A local directory uploads stream into before they are checked (see files/store.ts). */
  stagingDir: string;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBody]));
const security = [{ bearerAuth: [] }];
const streamAnswer = {
  description: '服务器发送事件流（SSE）',
  content: {
    'text/event-stream': {
      schema: z
        .string()
        .describe(
          '每帧 `data: {"type": "text" | "doc_complete" | "error", "content": …}`，以 `data: [DONE]` 结束',
        ),
    },
  },
};
const streamDescription = [
  '就文档提问，以 text/event-stream 流式返回回答。每帧为一行 `data: {"type", "content"}` 加空行：',
  'text（回答片段）、error（错误说明）、doc_complete（结束：用量、扣除的积分、余额、文档是否被截取），最后是 `data: [DONE]`。',
  'document_markdown 为文档的 Markdown，过长时服务器按 focus_offset（选区或光标的位置）截取其附近部分；selection 为选中的文字。',
  '计费规则与聊天相同：先预扣，结束后按用量结算；客户端断开时只按已生成的内容计费。',
  '可附带文件：以 multipart/form-data 发送，data 字段为上述 JSON（user_input 可为空文字），files 为重复的文件部分。' +
    '限制与检查同聊天的发送消息：每个文件不超过 30 MB，最多 10 个；类型为 JPEG、PNG、GIF、WebP、纯文本、Markdown、JSON、CSV、PDF、DOCX、DOC，并按内容核对。' +
    '任一文件不合格时返回 400，detail 逐个说明（以“；”分隔），不预扣积分。文件的文字（能识别图片的模型还有图片）作为参考资料交给模型，' +
    '过长时按上下文截取；文件本身不保存，问答历史只记下文件名、类型与大小（files）。',
].join('');

export const assistantRoutes: FastifyPluginAsyncZod<AssistantRoutesOptions> = async (app, options) => {
  const { db, assistant, requireAuth, streamSlots, stagingDir } = options;
  // Size and count are checked per file in receive.ts, so that each refusal can name its file.
  await app.register(multipart, { throwFileSizeLimit: false });
  const preValidation = stageMultipart(stagingDir, messages.assistant.attachmentDataMissing);
  app.addHook('preClose', () => assistant.stopAll());
  scheduleMaintenance(app, {
    name: 'recover interrupted assistant turns',
    run: () => assistant.recoverInterrupted(),
    atStart: true,
  });

  /** One question answered as SSE; `docId` null for the transient endpoint. */
  async function answer(
    userId: string,
    docId: string | null,
    question: DocQuestion,
    files: readonly StagedFile[],
    reply: FastifyReply,
  ) {
    const slot = await streamSlots.acquire(userId);
    try {
      const turn = await assistant.prepare(userId, docId, question, files);
      const stream = openEventStream(reply);
      await assistant.run(
        turn,
        {
          text: (content) => stream.write(encodeAssistantFrame({ type: 'text', content })),
          error: (content) => stream.write(encodeAssistantFrame({ type: 'error', content })),
          complete: (content) => stream.write(encodeAssistantFrame({ type: 'doc_complete', content })),
        },
        stream.signal,
      );
      await slot.release();
      stream.write(STREAM_DONE_FRAME);
      stream.end();
    } finally {
      await slot.release();
    }
    return reply;
  }

  /** The canonical id of a cloud document this user may ask about, or the spec's 404/403. */
  async function askableDocument(userId: string, rawId: string): Promise<string> {
    if (!isAssistantDocId(rawId)) throw notFound();
    const docId = canonicalDocId(rawId);
    const access = await checkDocumentChatAccess(db, userId, docId);
    if (access === 'missing') throw notFound();
    if (access === 'forbidden') throw new HttpError(403, { detail: messages.http.forbidden });
    return docId;
  }

  app.get(
    '/docs/:docId/assistant/history',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['documents'],
        summary: '文档助手：这篇云文档的问答历史',
        description:
          '当前用户关于这篇文档的最近 limit 轮问答（默认 50，最多 100），按时间从早到晚排列；正在回答的一轮不在其中。docId 须为 uuid（可不带连字符），他人的文档返回 404。',
        security,
        params: z.object({ docId: z.string() }),
        querystring: assistantHistoryQuery,
        response: { 200: assistantHistory, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const docId = await askableDocument(userId, request.params.docId);
      const rows = await listDocTurns(db, userId, docId, request.query.limit);
      return {
        items: rows.map((row) => ({
          id: row.id,
          question: row.question,
          answer: row.answer,
          status: row.status,
          files: row.files,
          model_id: row.modelId,
          model_name: row.modelName,
          credits_charged: row.creditsCharged,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/docs/:docId/assistant/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['documents'],
        summary: '文档助手：就云文档提问（流式回答）',
        description: `${streamDescription}context_enabled 为 true 时，模型还会看到该用户关于这篇文档的最近 context_turns 轮问答（默认 ${ASSISTANT_CONTEXT_TURNS}）。docId 须为 uuid（可不带连字符），否则返回 404。`,
        security,
        params: z.object({ docId: z.string() }),
        consumes: ['application/json', 'multipart/form-data'],
        body: assistantRequest,
        response: { 200: streamAnswer, ...errors(400, 401, 402, 403, 404, 429) },
      },
      preValidation,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const docId = await askableDocument(userId, request.params.docId);
      return answer(userId, docId, request.body, request.stagedFiles ?? [], reply);
    },
  );

  app.post(
    assistantPaths.transient,
    {
      onRequest: requireAuth,
      schema: {
        tags: ['documents'],
        summary: '文档助手：就未保存到云端的文档提问（流式回答）',
        description: `${streamDescription}不保留对话历史：context_turns 总是按 0 处理。`,
        security,
        consumes: ['application/json', 'multipart/form-data'],
        body: assistantRequest,
        response: { 200: streamAnswer, ...errors(400, 401, 402, 429) },
      },
      preValidation,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const question = { ...request.body, context_enabled: false, context_turns: 0 };
      return answer(userId, null, question, request.stagedFiles ?? [], reply);
    },
  );
};
