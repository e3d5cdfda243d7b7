/**
 * The multipart form of create-turn: a `data` field holding the turn's JSON and repeated
 * `files` parts. Each file streams to a staging file on disk as it arrives (never whole in memory), cut by
 * the parser at 30 MB plus one byte so that a file one byte too big is seen as such. Then every file is
 * checked the way the client checks it (size, declared type or name) and again by its content:
 * an image must be that image, a PDF a PDF, a DOCX a Word document, a DOC an OLE compound file, and a text
 * file must be text (UTF-8, or GB18030 as Chinese editors on Windows save). A refused file is named with
 * its reason; one refused file refuses the turn, and nothing of it is kept.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ATTACHMENT_KINDS,
  type AttachmentKind,
  attachmentProblem,
  claimedKind,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
} from '@wanxiang/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { clientErrorHandler, HttpError } from '../../../http/errors';
import { messages } from '../../../i18n/zh-CN';
import { withoutBidiControls } from '../../files/names';

const m = messages.chat;
/** Bytes read to tell text from binary. */
const TEXT_PROBE_BYTES = 64 * 1024;
const MAX_NAME_LENGTH = 200;

/** A checked upload, still in the staging directory. */
export interface StagedFile {
  id: string;
  name: string;
  kind: AttachmentKind;
  /** The canonical MIME type of the kind established from the content. */
  mimeType: string;
  size: number;
  path: string;
}

export interface ReceivedTurn {
  /** The `data` field, parsed (validated by the route's schema like a JSON body). */
  data: unknown;
  files: StagedFile[];
}

/**
 * A file name as shown: its last path segment, without control characters nor bidirectional ones (which
 * can make `invoice.exe` look like a PDF), of a sensible length.
 */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = withoutBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  const chars = Array.from(clean || 'file');
  return chars.length > MAX_NAME_LENGTH ? chars.slice(-MAX_NAME_LENGTH).join('') : chars.join('');
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Text when it has no NUL byte and decodes as UTF-8 or GB18030 (a cut last character is allowed). */
export function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(head, { stream: true });
      return true;
    } catch {}
  }
  return false;
}

/** The kind the content proves, given the kind the file claims; undefined when the content disagrees. */
async function provenKind(file: string, claimed: AttachmentKind): Promise<AttachmentKind | undefined> {
  const sniffed = await fileTypeFromFile(file);
  const claim = ATTACHMENT_KINDS[claimed];
  if (claim.image) {
    // A PNG named .jpg is still an image we accept; it is stored as what it is.
    const found = (Object.keys(ATTACHMENT_KINDS) as AttachmentKind[]).find(
      (kind) => ATTACHMENT_KINDS[kind].image && ATTACHMENT_KINDS[kind].mime === sniffed?.mime,
    );
    return found;
  }
  switch (claimed) {
    case 'pdf':
      return sniffed?.mime === 'application/pdf' ? 'pdf' : undefined;
    case 'docx':
      return sniffed?.mime === ATTACHMENT_KINDS.docx.mime ? 'docx' : undefined;
    case 'doc':
      return sniffed?.mime === 'application/x-cfb' ? 'doc' : undefined;
    default:
      // Text has no magic number: anything file-type recognises is a binary in disguise.
      if (sniffed) return undefined;
      return looksLikeText(await readHead(file, TEXT_PROBE_BYTES)) ? claimed : undefined;
  }
}

function refuse(problems: string[]): HttpError {
  return new HttpError(400, { detail: problems.join('；'), errors: { files: problems } });
}

/**
 * Reads the multipart request into `dir` (created here; the caller removes it when the request ends) and
 * answers the turn's data with its checked files, or throws a 400 naming every refused file.
 */
export async function receiveTurn(
  request: FastifyRequest,
  dir: string,
  /** Said when the `data` field is missing: the fields the endpoint's JSON has. */
  dataMissing: string = m.attachmentDataMissing,
): Promise<ReceivedTurn> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let dataText: string | undefined;
  const arrived: { id: string; name: string; declared: string; path: string; truncated: boolean }[] = [];
  let count = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: MAX_ATTACHMENTS * 10, fields: 10, parts: 200 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') dataText = String(part.value);
        continue;
      }
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      count += 1;
      if (count > MAX_ATTACHMENTS) {
        // Counted, not kept: the answer names how many came.
        part.file.resume();
        continue;
      }
      const id = randomUUID();
      const file = path.join(dir, id);
      await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
      arrived.push({
        id,
        name: cleanName(part.filename),
        declared: part.mimetype ?? '',
        path: file,
        truncated: part.file.truncated,
      });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw refuse([m.tooManyAttachments(MAX_ATTACHMENTS, count)]);
    throw new HttpError(400, { detail: m.attachmentUploadFailed });
  }
  if (count > MAX_ATTACHMENTS) throw refuse([m.tooManyAttachments(MAX_ATTACHMENTS, count)]);
  if (dataText === undefined) throw new HttpError(400, { detail: dataMissing });
  let data: unknown;
  try {
    data = JSON.parse(dataText);
  } catch {
    throw new HttpError(400, { detail: m.attachmentDataInvalid });
  }

  const problems: string[] = [];
  const files: StagedFile[] = [];
  for (const item of arrived) {
    const size = item.truncated ? MAX_ATTACHMENT_BYTES + 1 : (await stat(item.path)).size;
    const problem = attachmentProblem({ name: item.name, type: item.declared, size });
    if (problem === 'too_large') problems.push(m.attachmentTooLarge(item.name));
    else if (problem === 'unsupported') problems.push(m.attachmentUnsupported(item.name));
    else if (problem === 'empty') problems.push(m.attachmentEmpty(item.name));
    if (problem) {
      await rm(item.path, { force: true });
      continue;
    }
    const claimed = claimedKind({ name: item.name, type: item.declared });
    const kind = claimed && (await provenKind(item.path, claimed));
    if (!kind) {
      problems.push(m.attachmentMismatch(item.name));
      await rm(item.path, { force: true });
      continue;
    }
    files.push({
      id: item.id,
      name: item.name,
      kind,
      mimeType: ATTACHMENT_KINDS[kind].mime,
      size,
      path: item.path,
    });
  }
  if (problems.length > 0) throw refuse(problems);
  return { data, files };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A multipart request's checked files, staged on disk until the request ends. */
    stagedFiles?: StagedFile[];
  }
}

/**
 * The preValidation hook of an endpoint that also takes multipart (a `data` field with its JSON body and
 * repeated `files` parts): the files stream to a folder of `stagingDir` and are checked, and `data` becomes
 * the body the route's schema validates, before the handler runs. A refused file refuses the request
 * before anything is held. Whatever is left staged goes when the request ends.
 */
export function stageMultipart(stagingDir: string, dataMissing?: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
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
    const watch = watchStall(request);
    try {
      const { data, files } = await receiveTurn(request, dir, dataMissing);
      request.body = data as typeof request.body;
      request.stagedFiles = files;
    } catch (error) {
      await cleanup();
      throw error;
    } finally {
      watch.end();
    }
  };
}

/**
 * Cuts an upload that stops sending for the request timeout (REQUEST_TIMEOUT, 30 s by default). Node checks
 * its own request timeout only every 30 s, over the whole request, so a stalled upload held its staging
 * folder and its connection for up to twice that, and longer behind the connection's idle timeout. Here
 * the socket's idle timeout is the request timeout while the files arrive: any bytes reset it, so a slow
 * sender that keeps sending goes on, and silence for that long answers 408 and closes the connection (what
 * Node's own timeout answers). Afterwards the connection's usual idle timeout is back, which the heartbeats
 * of a streamed answer never meet.
 */
function watchStall(request: FastifyRequest): { end(): void } {
  const socket = request.raw.socket as Socket | undefined;
  const limit = request.server.server.requestTimeout;
  // Injected requests (tests) have no real socket; a timeout of 0 means none.
  if (!socket || typeof socket.setTimeout !== 'function' || !limit) return { end() {} };
  const usual = socket.timeout ?? 0;
  const onStall = () => {
    request.log.info({ timeoutMs: limit }, 'upload stalled: connection closed');
    const error = Object.assign(new Error('upload stalled'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler(error, socket);
  };
  socket.setTimeout(limit);
  // Before the server's own listener, which would close the connection without an answer.
  socket.prependOnceListener('timeout', onStall);
  return {
    end() {
      socket.off('timeout', onStall);
      if (!socket.destroyed) socket.setTimeout(usual);
    },
  };
}
