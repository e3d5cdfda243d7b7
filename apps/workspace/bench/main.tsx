/**
 * The page bench/chat-browser.bench.ts drives in Chromium: the chat's real message list and store,
 * streaming a 20,000-character Markdown answer from a timer-driven stream, with per-frame timing on
 * `window.chatBench`. The list reads the chat's atoms, as in the app. Only the network is replaced: everything from the stream reader's events on is the
 * production code path (per-frame batching, block-split Markdown, virtua list, stick-to-bottom).
 */
import '@wanxiang/ui';
import type { ChatStreamEvent } from '@wanxiang/api-client';
import { loadKatex } from '@wanxiang/markdown';
import { createStore, Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { MessageList } from '../src/features/chat/MessageList';
import { messageAtom, messageIdsAtom } from '../src/features/chat/state/conversation';
import { provideChatAtom } from '../src/features/chat/state/lifecycle';
import { loadModelsAtom } from '../src/features/chat/state/models';
import { isStreamingAtom, sendAtom } from '../src/features/chat/state/running';
import { longAnswer, mathAnswer } from './answer';

export interface RunOptions {
  /** Total answer length in characters. */
  length: number;
  /** Characters streamed at once before the measured part. */
  prefix: number;
  /** Characters per network chunk in the measured part. */
  chunk: number;
  /** Milliseconds between chunks. */
  intervalMs: number;
  /** The kind of answer: the everyday mix (headings, lists, tables, code) or a maths-heavy derivation. */
  answer?: 'mixed' | 'maths';
}

export interface RunResult {
  /** Main-thread milliseconds of each frame that applied text: rAF callback, React render, style, layout, paint. */
  frames: number[];
  /** Milliseconds between consecutive animation frames while streaming. */
  intervals: number[];
  /** Long animation frames (≥ 50 ms) seen while streaming the measured part. */
  longFrames: number;
  /** Whether the view followed the answer to its end. */
  stuckToBottom: boolean;
  characters: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(options: RunOptions): Promise<RunResult> {
  const answer = options.answer === 'maths' ? mathAnswer(options.length) : longAnswer(options.length);
  const frames: number[] = [];
  let measuring = false;
  const channel = new MessageChannel();
  let frameStart = 0;
  channel.port1.onmessage = () => {
    if (measuring) frames.push(performance.now() - frameStart);
  };

  async function* stream(signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'text', text: answer.slice(0, options.prefix) };
    // Let the prefix render (one big, unmeasured frame) before the measured streaming starts: with
    // maths, once KaTeX and its fonts have loaded, as they have for any formula after an answer's first.
    if (options.answer === 'maths') await loadKatex();
    await sleep(500);
    measuring = true;
    for (let at = options.prefix; at < answer.length; at += options.chunk) {
      if (signal.aborted) return;
      yield { type: 'text', text: answer.slice(at, at + options.chunk) };
      await sleep(options.intervalMs);
    }
    await sleep(100);
    measuring = false;
    yield { type: 'final_data', data: { session_id: 'bench', credits_charged: 12 } };
    yield { type: 'done' };
  }

  const atoms = createStore();
  atoms.set(provideChatAtom, {
    backend: {
      listModels: async () => [{ id: 'bench', name: 'bench', is_per_call: true, fixed_price_credits: 1 }],
      listSessions: async () => ({ items: [], total: 0, hasMore: false }),
      getSession: async () => [],
      deleteSession: async () => {},
      selectVersion: async () => [],
      updateSession: async (id) => ({ id, created_at: '', updated_at: '' }),
      createTurn: (_input, signal) => stream(signal),
      // The bench's answers carry no files.
      getFile: async () => new Blob(),
    },
    selectedModel: { get: () => 'bench', set: () => {} },
    // The production scheduler's frame, timed: from the rAF callback to the task after the frame.
    scheduleFrame: (flush) =>
      requestAnimationFrame(() => {
        frameStart = performance.now();
        // Marks the frame in the browser's trace, where the bench sums its main-thread tasks.
        if (measuring) performance.mark('chat-frame');
        flush();
        channel.port2.postMessage(null);
      }),
  });
  await atoms.set(loadModelsAtom);

  const stage = document.getElementById('stage') as HTMLElement;
  stage.replaceChildren();
  const root = createRoot(stage);
  root.render(
    <Provider store={atoms}>
      <MessageList />
    </Provider>,
  );
  await sleep(100);

  const intervals: number[] = [];
  let last = 0;
  let ticking = true;
  const tick = (time: number) => {
    if (measuring && last) intervals.push(time - last);
    last = time;
    if (ticking) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);

  let longFrames = 0;
  const observer = new PerformanceObserver((list) => {
    if (measuring) longFrames += list.getEntries().length;
  });
  try {
    observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // Not supported: the count stays 0 and the frame timings still tell.
  }

  atoms.set(sendAtom, '请写一份复利入门指南');
  await new Promise<void>((resolve, reject) => {
    // A stream that never ends is a failure to report, not a bench to wait on forever.
    const timer = setTimeout(() => reject(new Error('the answer did not finish within 60 s')), 60_000);
    const unsubscribe = atoms.sub(isStreamingAtom, () => {
      if (!atoms.get(isStreamingAtom)) {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    });
  });
  await sleep(300);
  ticking = false;
  observer.disconnect();

  const scroller = stage.querySelector('[role="region"]') as HTMLElement;
  const stuckToBottom = scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop < 4;
  const characters = atoms.get(messageAtom(atoms.get(messageIdsAtom)[1] ?? ''))?.text.length ?? 0;
  return { frames, intervals, longFrames, stuckToBottom, characters };
}

declare global {
  interface Window {
    chatBench: { ready: true; run(options: RunOptions): Promise<RunResult> };
  }
}

window.chatBench = { ready: true, run };
