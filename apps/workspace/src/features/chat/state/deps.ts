import { atom } from 'jotai';
import type { ChatBackend } from './types';

/** What the chat's actions need from outside: the server, where the model choice is kept, the clocks. */
export interface ChatDeps {
  backend: ChatBackend;
  /** Where the chosen model is kept across visits (api.selectedModel). */
  selectedModel: { get(): string | null; set(id: string | null): void };
  /** A turn ended (finished, failed or stopped): the user's credits changed. */
  onTurnEnd?: () => void;
  /**
   * An answer of this tab's was stopped without the user's asking (another chat was opened while it was
   * being written): the info toast 对话已中断. A stop the user asked for has no toast, the answer says 已停止.
   */
  onInterrupted?: () => void;
  /** Runs `flush` before the next paint; defaults to requestAnimationFrame with a timer for hidden tabs. */
  scheduleFrame?: (flush: () => void) => void;
  now?: () => number;
  /** Waits before asking the server again what a stopped answer cost; defaults to a timer. */
  wait?: (ms: number) => Promise<void>;
}

/** The deps with their defaults filled in. */
export type ResolvedChatDeps = ChatDeps & Required<Pick<ChatDeps, 'scheduleFrame' | 'now' | 'wait'>>;

/*
 * rAF runs before each paint, so the answer's text is applied at most once per frame however many
 * deltas arrive. Browsers pause rAF in hidden tabs: the timer keeps the answer
 * growing there, so nothing is stuck when the user comes back.
 */
function defaultScheduleFrame(flush: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    flush();
  };
  const frame = requestAnimationFrame(run);
  const timer = setTimeout(run, typeof document !== 'undefined' && document.hidden ? 0 : 100);
}

/**
 * The chat's deps in this jotai store: the app's are set by the signed-in shell as it first renders
 * (app/chatDeps.ts), a story, a test or the bench sets its own. Apart from the chat's other atoms, so
 * that what reads it on every page stays light.
 */
export const chatDepsSlotAtom = atom<ChatDeps | null>(null);

/** Whether this store has the chat's deps yet (not on /login, before the signed-in shell has loaded). */
export const hasChatDepsAtom = atom((get) => get(chatDepsSlotAtom) !== null);

/** The chat's deps, defaults filled in; reading it in a store without them is a programming error. */
export const chatDepsAtom = atom((get): ResolvedChatDeps => {
  const deps = get(chatDepsSlotAtom);
  if (!deps) throw new Error('This jotai store has no chat deps: set chatDepsSlotAtom first.');
  return {
    ...deps,
    scheduleFrame: deps.scheduleFrame ?? defaultScheduleFrame,
    now: deps.now ?? Date.now,
    wait: deps.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
});

/**
 * Bumped by a reset (logout): whatever an action awaited from before it (the previous user's history,
 * models, answer) is dropped when it arrives.
 */
export const generationAtom = atom(0);

/** Whether the page's first load (models and history) has been asked for since the last reset. */
export const startedAtom = atom(false);

/** A stored file's bytes as object URLs, fetched once per file while the chat's deps live. */
const fileUrlsAtom = atom((get) => {
  get(chatDepsSlotAtom);
  return new Map<string, Promise<string>>();
});

/** A stored file's bytes as an object URL, fetched once per file (a failure is asked again next time). */
export const fileUrlAtom = atom(null, (get, _set, url: string): Promise<string> => {
  const urls = get(fileUrlsAtom);
  let found = urls.get(url);
  if (!found) {
    found = get(chatDepsAtom)
      .backend.getFile(url)
      .then((blob) => URL.createObjectURL(blob));
    found.catch(() => urls.delete(url));
    urls.set(url, found);
  }
  return found;
});
