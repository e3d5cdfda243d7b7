import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: a few hundred bytes gain less than their compressing costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Which answers are compressed on the fly: JSON and text. An event stream never is: a compressor holds
 * each event until its window fills, so the answer would arrive in lumps, or at the end. Files users keep
 * (images, PDF, DOCX, ZIP, octet-stream downloads) are compressed already or are the user's bytes, and go
 * as they are.
 */
export function compressible(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /^application\/(?:[\w.-]+\+)?json$/.test(type) ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
}

/**
 * Compresses API answers (JSON above COMPRESSION_THRESHOLD) for clients that ask for br or gzip, adding
 * `Vary: Accept-Encoding`. The built app's files are compressed at build time and served by the static
 * plugin with their Content-Encoding set, which this leaves alone. Registered before any route, since it
 * attaches itself to each route as it is added. Only answers: request bodies are read as before (nothing
 * the app sends is compressed, and inflating bodies would need limits of its own).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: compressible,
    globalDecompression: false,
  });
}
