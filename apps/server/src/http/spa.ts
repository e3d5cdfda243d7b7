import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../i18n/zh-CN';
import { notFound } from './errors';

export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const acceptsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The compressed copies the build writes beside each file (apps/workspace/precompress.ts). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * Serves the built SPA. Vite fingerprints everything under assets/, so those files are cached forever;
 * everything else (index.html, favicon, theme-boot.js) is revalidated on each use so a deploy shows up at
 * once. Any other GET that asks for HTML gets index.html (history routing); /api never falls back.
 *
 * The build leaves a brotli (.br) and a gzip (.gz) copy beside each file that compresses: a client that
 * accepts one gets it with its Content-Encoding, and every answer says `Vary: Accept-Encoding` so that a
 * shared cache keeps the copies apart. They are copies of the same bytes, so they are cached as the file
 * is. The copies are not addresses of their own.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false,
      dotfiles: 'ignore',
      preCompressed: true,
      // Directories are never listed; they fall through to the page fallback or a 404.
      allowedPath: (pathName) =>
        !isApiPath(pathName) && !pathName.endsWith('/') && !COMPRESSED_COPY.test(pathName),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(distDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn(
      { distDir },
      'no built web app found; pages answer with a notice (set WEB_DIST_DIR or build it)',
    );
  }

  if (hasBuild) {
    // The wildcard route would treat / as a directory; the entry page is index.html for any client.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', REVALIDATE).sendFile('index.html'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname) && acceptsHtml(request);
    if (!wantsPage) throw notFound();
    if (!hasBuild) {
      return reply
        .code(503)
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>万象</title><p>${messages.http.spaMissing}</p></html>`,
        );
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  });
}
