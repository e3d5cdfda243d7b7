import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the browser fetches as text: the page, scripts, styles, images in SVG. Source maps only DevTools reads. */
const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|webmanifest)$/;
/**
 * The PDF export's CJK fonts: over 10 MB each, where brotli's best setting takes minutes on a small machine;
 * a quick setting still takes them to about half. WOFF2 and WOFF are compressed already.
 */
const FONT = /\.(?:ttf|otf)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `file`.br and `file`.gz when each is smaller than the file; returns the bytes of each kind. */
async function compressFile(file: string) {
  const bytes = await readFile(file);
  const quality = TEXT.test(file) ? constants.BROTLI_MAX_QUALITY : 5;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: TEXT.test(file)
          ? constants.BROTLI_MODE_TEXT
          : constants.BROTLI_MODE_GENERIC,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  // A copy that is not smaller would only cost a read: the server then sends the file itself.
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return { raw: bytes.length, br: Math.min(br.length, bytes.length), gz: Math.min(gz.length, bytes.length) };
}

/** Compresses the files of `dir` that compress (see TEXT and FONT), all at once on zlib's thread pool. */
export async function precompressDir(dir: string, logger?: Logger) {
  const started = Date.now();
  const files = (await filesUnder(dir)).filter((file) => TEXT.test(file) || FONT.test(file));
  const sizes = await Promise.all(files.map(compressFile));
  const total = (key: 'raw' | 'br' | 'gz') => sizes.reduce((n, s) => n + s[key], 0) / 1024 / 1024;
  logger?.info(
    `precompressed ${sizes.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${total('raw').toFixed(1)} MB → brotli ${total('br').toFixed(1)} MB, gzip ${total('gz').toFixed(1)} MB`,
  );
}

/**
 * Leaves a brotli (.br) and a gzip (.gz) copy beside each built file that compresses, made once at build
 * time at brotli's best setting, so the server sends each file compressed without compressing it per
 * request (apps/server/src/http/spa.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'wanxiang:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle(error) {
      if (!error) await precompressDir(outDir, logger);
    },
  };
}
