/**
 * One user sends each hostile attachment (apps/server/test/hostile-files.ts) to the built server while
 * another asks its health check every 20 ms. Printed per file: the answer and how long it took, the health
 * check's p99 and worst latency meanwhile, and how far the server's resident memory rose above where it
 * stood before (the reading thread's peak, since nothing else runs). Then the same for the export worker,
 * with the costliest bodies the contract lets through and one it refuses.
 */

import { hostileDocx, hostileExports, hostilePdf } from '../apps/server/test/hostile-files';
import type { RunningServer } from '../e2e/server';
import { largeChineseDocument } from '../packages/editor/bench/fixture';
import { newUser } from './chat-server.bench';
import { treeRssMiB } from './memory.bench';
import { quantile } from './stats';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = 'application/pdf';
const FILES: [string, string, () => Buffer | Promise<Buffer>][] = [
  ['docx 200 MB unpacked', DOCX, hostileDocx.bySize],
  ['docx 2M elements', DOCX, hostileDocx.byCount],
  ['docx 20k deep', DOCX, hostileDocx.byNesting],
  ['pdf 100k pages', PDF, hostilePdf.pages],
  ['pdf 300 MB stream', PDF, hostilePdf.stream],
  ['pdf page-tree loop', PDF, hostilePdf.loop],
  ['pdf 100k-deep array', PDF, hostilePdf.nesting],
  ['pdf broken xref', PDF, hostilePdf.xref],
  ['docx honest', DOCX, hostileDocx.honest],
];

/** Sends one request while another client asks the health check every 20 ms; the figures of one row. */
async function measured(server: RunningServer, send: () => Promise<Response>): Promise<string> {
  const rssBefore = treeRssMiB(server.pid);
  let rssPeak = rssBefore;
  const latencies: number[] = [];
  let sending = true;
  const health = (async () => {
    while (sending) {
      const started = performance.now();
      await fetch(`${server.baseURL}/api/health`).then((res) => res.arrayBuffer());
      latencies.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, treeRssMiB(server.pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const res = await send();
  await res.arrayBuffer();
  const took = performance.now() - started;
  sending = false;
  await health;
  latencies.sort((a, b) => a - b);
  return (
    `${res.status} in ${(took / 1000).toFixed(1)} s; health p99 ${quantile(latencies, 0.99).toFixed(0)} ms, ` +
    `max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms (${latencies.length} checks); ` +
    `server RSS +${Math.max(0, rssPeak - rssBefore).toFixed(0)} MiB at peak`
  );
}

const EXPORTS: [string, () => object][] = [
  ['export 4 PNG bombs to pdf', hostileExports.pngBombs],
  ['export 140k table cells to docx', hostileExports.cells],
  ['export 20k HTML items to md', hostileExports.htmlItems],
  ['export 250k HTML paragraphs', hostileExports.htmlFlood],
];

export async function hostileFilesBench(server: RunningServer): Promise<(readonly [string, string])[]> {
  const rows: (readonly [string, string])[] = [];
  const access = await newUser(server.baseURL, 'hostile');
  for (const [label, type, make] of FILES) {
    const bytes = await make();
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ session_id: null, model_id: 'offline-demo', prompt: { text: '读一读' } }),
    );
    form.append(
      'files',
      new File([new Uint8Array(bytes)], `${label}.${type === PDF ? 'pdf' : 'docx'}`, { type }),
    );
    const figures = await measured(server, () =>
      fetch(`${server.baseURL}/api/chat/turns/create-turn/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}` },
        body: form,
      }),
    );
    rows.push([`hostile ${label} (${(bytes.length / 1024).toFixed(0)} KB)`, figures]);
  }
  // The export worker: what a body within the contract costs at most, and what the contract refuses.
  for (const [label, make] of EXPORTS) {
    const body = JSON.stringify(make());
    const figures = await measured(server, () =>
      fetch(`${server.baseURL}/api/exports/transient`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body,
      }),
    );
    rows.push([`hostile ${label} (${(body.length / 1024).toFixed(0)} KB)`, figures]);
  }
  rows.push(await fullExportQueue(server));
  return rows;
}

/** Users exporting the 100-page document to PDF at the same moment: the export queue full. */
const QUEUE_USERS = 8;

/**
 * Every PDF of a signed-in user is made on the server: what the server's memory comes to when eight users ask
 * for the 100-page document at once (one export runs at a time, the others wait their turn), and how long
 * the last of them waits.
 */
async function fullExportQueue(server: RunningServer): Promise<readonly [string, string]> {
  const body = JSON.stringify({
    format: 'pdf',
    title: '百页文档',
    lexdoc: { format: 'lexdoc', version: 2, content: largeChineseDocument(100).state },
  });
  const users = await Promise.all(
    Array.from({ length: QUEUE_USERS }, (_, i) => newUser(server.baseURL, `queue-${i}`)),
  );
  const statuses: number[] = [];
  const figures = await measured(server, async () => {
    const answers = await Promise.all(
      users.map((access) =>
        fetch(`${server.baseURL}/api/exports/transient`, {
          method: 'POST',
          headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
          body,
        }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      ),
    );
    statuses.push(...answers);
    return new Response(null, { status: answers.every((status) => status === 201) ? 201 : 500 });
  });
  return [
    `${QUEUE_USERS} users export 100 pages to pdf at once (${(body.length / 1024).toFixed(0)} KB each)`,
    `answers ${statuses.join(' ')}; ${figures}`,
  ];
}
