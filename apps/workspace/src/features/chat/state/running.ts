import { atom, type Getter, type Setter } from 'jotai';
import { chatText } from '../messages';
import {
  choseSession,
  conversationAtom,
  conversationTokenAtom,
  currentSessionIdAtom,
  messageAtom,
  putMessage,
  replaceConversation,
} from './conversation';
import { chatDepsAtom, generationAtom } from './deps';
import { bannerAtom, returnedDraftAtom, searchEnabledAtom } from './flags';
import { modelOrBannerAtom, modelsAtom } from './models';
import { listNewSessionAtom, loadSessionsAtom, sessionsAtom } from './sessions';
import { ChatTurn, type StoredIds, type TurnHost } from './turn';
import type { ChatMessage, TurnInput } from './types';

/** How often, and after how long each time, the cost of a stopped answer is asked for. */
export const STOPPED_COST_DELAYS_MS = [300, 700, 1500] as const;

/** Whether an answer is being written (this tab's, or one it follows): the input's stop button shows. */
export const isStreamingAtom = atom(false);

/** The answer being streamed into the open chat, if any: one at a time. */
export const runningTurnAtom = atom<ChatTurn | null>(null);

let localIds = 0;
const localId = (prefix: string) => {
  localIds += 1;
  return `${prefix}-${Date.now().toString(36)}-${localIds}`;
};

const emptyMessage = (role: ChatMessage['role']): Omit<ChatMessage, 'id'> => ({
  role,
  text: '',
  images: [],
  files: [],
  status: 'done',
  error: null,
  credits: null,
  startedAt: null,
});

function turnHost(get: Getter, set: Setter): TurnHost {
  const { backend, scheduleFrame } = get(chatDepsAtom);
  return {
    getMessage: (id) => get(messageAtom(id)),
    putMessage: (message) => putMessage(set, message),
    scheduleFrame,
    onSessionKnown: (assistantId, sessionId, title) => adoptSession(get, set, assistantId, sessionId, title),
    onStreamError: (message) => set(bannerAtom, chatText.streamError(message)),
    ...(backend.stopTurn
      ? { stopOnServer: (sessionId: string) => backend.stopTurn?.(sessionId) ?? Promise.resolve() }
      : {}),
  };
}

/** A new chat's first turn said its session: the chat is that session from now on, listed. */
function adoptSession(
  get: Getter,
  set: Setter,
  assistantId: string,
  sessionId: string,
  title: string | null,
): void {
  if (get(currentSessionIdAtom) !== null || !get(conversationAtom).messageIds.includes(assistantId)) return;
  set(listNewSessionAtom, sessionId, title, new Date(get(chatDepsAtom).now()).toISOString());
  set(currentSessionIdAtom, sessionId);
  choseSession(set, sessionId);
}

interface TurnStart {
  modelId: string;
  /** The messages that stay above the new ones. */
  keep: readonly string[];
  /** The new question; null when a stored one is answered again. */
  question: ChatMessage | null;
  /** The versions the new answer joins (regenerate). */
  answerVersions?: readonly string[];
  input: Pick<TurnInput, 'text' | 'editMessageId' | 'regenerateMessageId' | 'files' | 'onUploadProgress'>;
}

function beginTurn(get: Getter, set: Setter, options: TurnStart): void {
  const { modelId, keep, question } = options;
  const id = localId('assistant');
  const assistant: ChatMessage = {
    ...emptyMessage('assistant'),
    id,
    status: 'streaming',
    startedAt: get(chatDepsAtom).now(),
    modelName: get(modelsAtom).items.find((m) => m.id === modelId)?.name ?? null,
    ...(options.answerVersions ? { versions: [...options.answerVersions, id] } : {}),
  };
  if (question) putMessage(set, question);
  putMessage(set, assistant);
  const turn = new ChatTurn(assistant.id, turnHost(get, set));
  set(runningTurnAtom, turn);
  const before = get(conversationAtom).messageIds;
  set(bannerAtom, null);
  set(isStreamingAtom, true);
  set(conversationAtom, {
    status: 'ready',
    messageIds: [...keep, ...(question ? [question.id] : []), assistant.id],
  });
  void runTurn(
    get,
    set,
    turn,
    {
      sessionId: get(currentSessionIdAtom),
      modelId,
      searchEnabled: get(searchEnabledAtom),
      ...options.input,
    },
    { before, questionId: question?.id ?? null },
  );
}

async function runTurn(
  get: Getter,
  set: Setter,
  turn: ChatTurn,
  input: TurnInput,
  shown: { before: readonly string[]; questionId: string | null },
): Promise<void> {
  const deps = get(chatDepsAtom);
  const generation = get(generationAtom);
  const current = () => generation === get(generationAtom);
  const knownIds = new Set(get(sessionsAtom).items.map((s) => s.id));
  const outcome = await turn.run((signal) => deps.backend.createTurn(input, signal));
  const isVersion = Boolean(input.editMessageId || input.regenerateMessageId);
  if (outcome.kind === 'stopped') {
    if (current() && turn.interrupted) deps.onInterrupted?.();
  } else if (outcome.kind === 'failed') {
    const refused = !outcome.answered;
    set(bannerAtom, chatText.streamError(outcome.error));
    // A refused message gives its text back to the input; a refused regenerate has nothing typed.
    if (refused && !input.regenerateMessageId) {
      set(returnedDraftAtom, (draft) => ({
        text: input.text,
        ...(input.files ? { files: input.files } : {}),
        seq: (draft?.seq ?? 0) + 1,
      }));
    }
    // A refused version changed nothing on the server: the chat shows again what it had.
    if (refused && isVersion && get(runningTurnAtom) === turn && current()) {
      set(conversationAtom, { status: 'ready', messageIds: shown.before });
    }
  }
  // After a reset (logout) nothing of this turn is wanted any more.
  if (!current()) return;
  storedIds(get, set, turn.assistantId, shown.questionId, outcome.stored);
  finishTurn(get, set, turn, input.sessionId, outcome.createdSessionId, knownIds);
}

/** The server's ids for the turn's messages, so that they can be edited, regenerated and paged. */
function storedIds(get: Getter, set: Setter, answerId: string, questionId: string | null, stored: StoredIds) {
  const adopt = (id: string | null, serverId: string | null) => {
    const message = id ? get(messageAtom(id)) : undefined;
    if (!message || !serverId || !id) return;
    putMessage(set, {
      ...message,
      serverId,
      ...(message.versions ? { versions: message.versions.map((v) => (v === id ? serverId : v)) } : {}),
    });
  };
  adopt(answerId, stored.message);
  adopt(questionId, stored.userMessage);
}

function finishTurn(
  get: Getter,
  set: Setter,
  turn: ChatTurn,
  sessionId: string | null,
  createdSessionId: string | null,
  knownIds: ReadonlySet<string>,
): void {
  const id = turn.assistantId;
  if (get(runningTurnAtom) === turn) set(runningTurnAtom, null);
  set(isStreamingAtom, get(runningTurnAtom) !== null);
  let listed: Promise<void>;
  // A new chat becomes its session; the list is reloaded so that it shows (`final_data` names it).
  if (sessionId === null && get(conversationAtom).messageIds.includes(id)) {
    if (createdSessionId) {
      set(currentSessionIdAtom, createdSessionId);
      choseSession(set, createdSessionId);
      listed = set(loadSessionsAtom);
    } else {
      // Stopped or failed before final_data: the server may still have made the session.
      listed = set(loadSessionsAtom, { selectNewest: 'created_at', knownIds });
    }
  } else {
    // The session's updated_at (and maybe its title) changed: it moves to the top of the history.
    listed = set(loadSessionsAtom);
  }
  get(chatDepsAtom).onTurnEnd?.();
  const message = get(messageAtom(id));
  if (message?.status === 'stopped' && message.credits === null) {
    void listed.then(() => fetchStoppedCost(get, set, id, sessionId ?? createdSessionId));
  }
}

/*
 * A stopped answer gets no final_data (the stream is gone), but the server still charges what was
 * generated once it notices. That cost is read back from the stored session, so that the answer shows
 * 已停止 · 消耗 N 积分 now, as it will after a reload, and the balance in the user menu is the settled one.
 */
async function fetchStoppedCost(get: Getter, set: Setter, id: string, knownSessionId: string | null) {
  const deps = get(chatDepsAtom);
  const generation = get(generationAtom);
  for (const delay of STOPPED_COST_DELAYS_MS) {
    await deps.wait(delay);
    if (generation !== get(generationAtom) || !get(conversationAtom).messageIds.includes(id)) return;
    const sessionId = knownSessionId ?? get(currentSessionIdAtom);
    if (!sessionId) return;
    let history: ChatMessage[];
    try {
      history = await deps.backend.getSession(sessionId);
    } catch {
      return;
    }
    const stored = history.findLast((m) => m.role === 'assistant');
    const message = get(messageAtom(id));
    if (generation !== get(generationAtom) || !message) return;
    if (stored && stored.credits !== null) {
      putMessage(set, { ...message, credits: stored.credits });
      // A stopped answer got no final_data: its stored ids come from here.
      const ids = get(conversationAtom).messageIds;
      const questionId = ids[ids.indexOf(id) - 1] ?? null;
      const question = questionId ? get(messageAtom(questionId)) : undefined;
      storedIds(get, set, id, question && !question.serverId ? questionId : null, {
        message: message.serverId ? null : (stored.serverId ?? null),
        userMessage: history.findLast((m) => m.role === 'user')?.serverId ?? null,
      });
      deps.onTurnEnd?.();
      return;
    }
  }
}

/**
 * Sends a message and streams the answer. Returns false when nothing was sent: empty
 * text, a stream already running, or no model (then the banner says 未选择模型).
 */
export const sendAtom = atom(
  null,
  (
    get,
    set,
    text: string,
    files: readonly File[] = [],
    onUploadProgress?: (sent: number, total: number) => void,
  ): boolean => {
    const prompt = text.trim();
    if ((!prompt && files.length === 0) || get(runningTurnAtom)) return false;
    const modelId = set(modelOrBannerAtom);
    if (!modelId) return false;
    const question: ChatMessage = {
      ...emptyMessage('user'),
      id: localId('user'),
      text: prompt,
      // Shown at once from this tab's copy; after the turn the stored files replace them.
      files: files.map((file) => ({
        name: file.name,
        type: file.type,
        size: file.size,
        ...(file.type.startsWith('image/') ? { localUrl: URL.createObjectURL(file) } : {}),
      })),
    };
    beginTurn(get, set, {
      modelId,
      keep: get(conversationAtom).messageIds,
      question,
      input: {
        text: prompt,
        ...(files.length > 0 ? { files } : {}),
        ...(onUploadProgress ? { onUploadProgress } : {}),
      },
    });
    return true;
  },
);

/**
 * 重新生成: answers the last answer's question again. The new answer is a version beside the old one
 * (‹ 2/2 ›); the old one stays on the server to page back to. False when it cannot run now (a stream is
 * running, the answer is not the last or not stored yet, no model).
 */
export const regenerateAtom = atom(null, (get, set, answerId: string): boolean => {
  const ids = get(conversationAtom).messageIds;
  const answer = get(messageAtom(answerId));
  const at = ids.indexOf(answerId);
  const question = at > 0 ? get(messageAtom(ids[at - 1] ?? '')) : undefined;
  if (get(runningTurnAtom) || !get(currentSessionIdAtom) || at !== ids.length - 1) return false;
  if (answer?.role !== 'assistant' || !answer.serverId || question?.role !== 'user') return false;
  const modelId = set(modelOrBannerAtom);
  if (!modelId) return false;
  beginTurn(get, set, {
    modelId,
    keep: ids.slice(0, at),
    question: null,
    answerVersions: answer.versions ?? [answer.serverId],
    input: { text: question.text, regenerateMessageId: answer.serverId },
  });
  return true;
});

/**
 * 编辑: sends `text` in place of a question of the open chat. What followed the old question is
 * replaced on screen by the new answer; the old question and its answers stay as the other version.
 */
export const editAtom = atom(null, (get, set, questionId: string, text: string): boolean => {
  const prompt = text.trim();
  const ids = get(conversationAtom).messageIds;
  const old = get(messageAtom(questionId));
  const at = ids.indexOf(questionId);
  if (!prompt || get(runningTurnAtom) || !get(currentSessionIdAtom) || at < 0) return false;
  if (old?.role !== 'user' || !old.serverId) return false;
  const modelId = set(modelOrBannerAtom);
  if (!modelId) return false;
  const id = localId('user');
  const question: ChatMessage = {
    ...emptyMessage('user'),
    id,
    text: prompt,
    versions: [...(old.versions ?? [old.serverId]), id],
  };
  beginTurn(get, set, {
    modelId,
    keep: ids.slice(0, at),
    question,
    input: { text: prompt, editMessageId: old.serverId },
  });
  return true;
});

/** Stops the running answer; what arrived stays, marked 已停止, which says all: no toast. */
export const stopAtom = atom(null, (get) => {
  get(runningTurnAtom)?.stop();
});

/** Another chat is opened: this tab's own answer stops, one it only follows goes on for its tab. */
export const leaveTurnAtom = atom(null, (get, set) => {
  const turn = get(runningTurnAtom);
  if (turn?.follows) {
    set(runningTurnAtom, null);
    turn.leave();
    set(isStreamingAtom, false);
  } else if (turn) {
    turn.interrupted = true;
    turn.stop();
  }
});

/**
 * Follows the answer the opened session is still generating, if its last message is one (this tab's
 * before a reload, or another tab's): it grows here and the stop button stops it.
 */
export const followGeneratingAtom = atom(
  null,
  (get, set, sessionId: string, messages: readonly ChatMessage[]) => {
    const last = messages.at(-1);
    const { backend } = get(chatDepsAtom);
    if (!backend.followTurn || get(runningTurnAtom) || last?.role !== 'assistant') return;
    if (last.status !== 'streaming') return;
    const turn = new ChatTurn(last.id, turnHost(get, set), { follows: true });
    set(runningTurnAtom, turn);
    set(isStreamingAtom, true);
    void runFollow(get, set, turn, sessionId);
  },
);

async function runFollow(get: Getter, set: Setter, turn: ChatTurn, sessionId: string): Promise<void> {
  const deps = get(chatDepsAtom);
  const generation = get(generationAtom);
  const token = get(conversationTokenAtom);
  const outcome = await turn.run((signal) => {
    if (!deps.backend.followTurn) throw new Error('no followTurn');
    return deps.backend.followTurn(sessionId, signal);
  });
  if (get(runningTurnAtom) === turn) {
    set(runningTurnAtom, null);
    set(isStreamingAtom, false);
  }
  if (turn.left || generation !== get(generationAtom)) return;
  // Stopped here or in another tab, by the user either way: the answer's 已停止 says so.
  if (outcome.kind === 'failed') set(bannerAtom, chatText.streamError(outcome.error));
  // A stream that ended without the answer's end (it ended between the two requests, the connection
  // dropped): the stored session says how it ended.
  const message = get(messageAtom(turn.assistantId));
  if (
    token === get(conversationTokenAtom) &&
    (!message || message.status === 'streaming' || message.credits === null)
  ) {
    try {
      const messages = await deps.backend.getSession(sessionId);
      if (token === get(conversationTokenAtom) && generation === get(generationAtom)) {
        replaceConversation(
          get,
          set,
          messages.map((m) => (m.status === 'streaming' ? { ...m, status: 'done' as const } : m)),
          'ready',
        );
      }
    } catch {
      // The answer shows what arrived; a reload shows the rest.
    }
  }
  void set(loadSessionsAtom);
  deps.onTurnEnd?.();
}
