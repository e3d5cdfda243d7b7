import { chatText } from '../messages';
import { newestBy } from './format';
import { ChatTurn, type StoredIds, type TurnHost } from './turn';
import {
  type ChatBackend,
  type ChatMessage,
  type ChatModel,
  ChatNotFoundError,
  type ChatSessionSummary,
  type TurnInput,
} from './types';

/** The history loads 10 sessions a page. */
export const SESSION_PAGE_SIZE = 10;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The open conversation's: as a load, or `missing` when the chat the address names does not exist. */
export type ConversationStatus = LoadStatus | 'missing';

export interface ChatState {
  models: { status: LoadStatus; items: readonly ChatModel[] };
  selectedModelId: string | null;
  sessions: {
    status: LoadStatus;
    items: readonly ChatSessionSummary[];
    total: number;
    hasMore: boolean;
    page: number;
    isLoadingMore: boolean;
    /** The history's search text; '' shows the whole history. */
    query: string;
  };
  currentSessionId: string | null;
  conversation: { status: ConversationStatus; messageIds: readonly string[] };
  isStreaming: boolean;
  /** The error banner above the messages, null when there is none. */
  banner: string | null;
  /**
   * A message the server refused before answering (积分不足, a network failure): its text goes back to the
   * input, so that nothing typed is lost and it can be sent again. `seq` tells one refusal from the next.
   */
  returnedDraft: { text: string; files?: readonly File[]; seq: number } | null;
  searchEnabled: boolean;
}

export interface ChatStoreDeps {
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

/** How often, and after how long each time, the cost of a stopped answer is asked for. */
export const STOPPED_COST_DELAYS_MS = [300, 700, 1500] as const;

const initialState: ChatState = {
  models: { status: 'idle', items: [] },
  selectedModelId: null,
  sessions: {
    status: 'idle',
    items: [],
    total: 0,
    hasMore: false,
    page: 0,
    isLoadingMore: false,
    query: '',
  },
  currentSessionId: null,
  conversation: { status: 'ready', messageIds: [] },
  isStreaming: false,
  banner: null,
  returnedDraft: null,
  searchEnabled: false,
};

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

/**
 * The home chat's state and rules: models, the history, the open conversation and the
 * stream. Framework-free; React reads it through useSyncExternalStore. Messages live apart from the
 * state snapshot with their own listeners, so a streaming answer re-renders only its own row.
 */
export class ChatStore {
  private state: ChatState;
  private readonly listeners = new Set<() => void>();
  private readonly messages = new Map<string, ChatMessage>();
  private readonly messageListeners = new Map<string, Set<() => void>>();
  private readonly chosenListeners = new Set<(id: string | null) => void>();
  private readonly deps: ChatStoreDeps;
  private readonly now: () => number;
  private readonly scheduleFrame: (flush: () => void) => void;
  private readonly wait: (ms: number) => Promise<void>;
  private readonly fileUrls = new Map<string, Promise<string>>();

  private started = false;
  /** Bumped by reset(): an answer from before it (the previous user's) is dropped. */
  private generation = 0;
  private conversationToken = 0;
  private turn: ChatTurn | null = null;
  /** This tab's answers stopped because the user went to another chat, not by their stop button. */
  private readonly leftBehind = new WeakSet<ChatTurn>();

  constructor(deps: ChatStoreDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    this.scheduleFrame = deps.scheduleFrame ?? defaultScheduleFrame;
    this.wait = deps.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.state = { ...initialState, selectedModelId: deps.selectedModel.get() };
  }

  // ---- subscription -------------------------------------------------------------------------------

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getMessage = (id: string): ChatMessage | undefined => this.messages.get(id);

  subscribeMessage = (id: string, listener: () => void): (() => void) => {
    let set = this.messageListeners.get(id);
    if (!set) {
      set = new Set();
      this.messageListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.messageListeners.delete(id);
    };
  };

  /**
   * Tells when the engine chose the open chat by itself (the session a new chat's first turn created, a
   * new chat after the open one was deleted), so that the address can follow. A session the user asked
   * for (openSession, newChat) is not told: the address led there already.
   */
  onSessionChosen = (listener: (id: string | null) => void): (() => void) => {
    this.chosenListeners.add(listener);
    return () => this.chosenListeners.delete(listener);
  };

  private chose(id: string | null) {
    for (const listener of [...this.chosenListeners]) listener(id);
  }

  private set(patch: Partial<ChatState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private putMessage(message: ChatMessage) {
    this.messages.set(message.id, message);
    const set = this.messageListeners.get(message.id);
    if (set) for (const listener of [...set]) listener();
  }

  private replaceConversation(messages: readonly ChatMessage[], status: ConversationStatus) {
    this.messages.clear();
    for (const message of messages) this.messages.set(message.id, message);
    this.set({ conversation: { status, messageIds: messages.map((m) => m.id) } });
  }

  /**
   * Forgets everything (on logout): the next user must not see this one's history, and a running answer
   * stops. The next start() loads afresh.
   */
  reset(): void {
    const turn = this.turn;
    this.turn = null;
    turn?.stop();
    this.started = false;
    this.generation += 1;
    this.conversationToken += 1;
    this.messages.clear();
    this.state = { ...initialState, selectedModelId: this.deps.selectedModel.get() };
    for (const listener of [...this.listeners]) listener();
  }

  // ---- loading ------------------------------------------------------------------------------------

  /** First visit of the page: models and the history. Later calls do nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.loadModels();
    // The page opens on a new chat (as /home says), never on the newest old one: a message typed at once
    // must not land in yesterday's conversation, paying for its history as context.
    void this.loadSessions();
  }

  async loadModels(): Promise<void> {
    this.set({ models: { ...this.state.models, status: 'loading' } });
    const generation = this.generation;
    try {
      const items = await this.deps.backend.listModels();
      if (generation !== this.generation) return;
      const stored = this.state.selectedModelId ?? this.deps.selectedModel.get();
      const selected =
        items.find((m) => m.id === stored) ?? items.find((m) => m.is_default) ?? items[0] ?? null;
      this.set({ models: { status: 'ready', items }, selectedModelId: selected?.id ?? null });
    } catch {
      if (generation !== this.generation) return;
      this.set({ models: { ...this.state.models, status: 'error' } });
    }
  }

  /**
   * Reloads the first page of the history. `selectNewest: 'created_at'`: a turn of a new chat ended before
   * its stream said its session; the newest session the list did not have is that chat.
   */
  async loadSessions(options: { selectNewest?: 'created_at'; knownIds?: ReadonlySet<string> } = {}) {
    this.set({ sessions: { ...this.state.sessions, status: 'loading' } });
    const generation = this.generation;
    const query = this.state.sessions.query;
    try {
      const page = await this.deps.backend.listSessions(1, SESSION_PAGE_SIZE, query);
      // A newer search (or a reset) has taken over.
      if (generation !== this.generation || query !== this.state.sessions.query) return;
      this.set({
        sessions: {
          query,
          status: 'ready',
          items: page.items,
          total: page.total ?? page.items.length,
          hasMore: page.hasMore,
          page: 1,
          isLoadingMore: false,
        },
      });
      if (options.selectNewest === 'created_at' && this.state.currentSessionId === null) {
        const known = options.knownIds;
        const newest = newestBy(
          page.items.filter((s) => !known?.has(s.id)),
          'created_at',
        );
        if (newest) {
          this.set({ currentSessionId: newest.id });
          this.chose(newest.id);
        }
      }
    } catch {
      if (generation !== this.generation || query !== this.state.sessions.query) return;
      this.set({ sessions: { ...this.state.sessions, status: 'error', isLoadingMore: false } });
    }
  }

  /** Searches the history (titles and messages); '' shows the whole history again. */
  searchSessions(query: string): Promise<void> {
    const q = query.trim();
    if (q === this.state.sessions.query) return Promise.resolve();
    this.set({ sessions: { ...this.state.sessions, query: q, items: [], hasMore: false, page: 0 } });
    return this.loadSessions();
  }

  /** Renames a session; throws 重命名失败 (or the server's reason) for the dialog to show. */
  async renameSession(id: string, title: string): Promise<void> {
    const name = title.trim();
    if (!name) throw new Error(chatText.renameEmpty);
    await this.updateSession(id, { title: name }, chatText.renameFailed);
  }

  /** Pins a session on top of the history, or unpins it; the list is reloaded in its new order. */
  async setPinned(id: string, pinned: boolean): Promise<void> {
    await this.updateSession(id, { pinned }, chatText.pinFailed);
    await this.loadSessions();
  }

  private async updateSession(id: string, change: { title?: string; pinned?: boolean }, failure: string) {
    let updated: ChatSessionSummary;
    try {
      updated = await this.deps.backend.updateSession(id, change);
    } catch {
      throw new Error(failure);
    }
    const { sessions } = this.state;
    this.set({
      sessions: {
        ...sessions,
        items: sessions.items.map((s) =>
          s.id === id ? { ...s, ...updated, snippet: s.snippet ?? null } : s,
        ),
      },
    });
  }

  async loadMoreSessions(): Promise<void> {
    const { sessions } = this.state;
    if (!sessions.hasMore || sessions.isLoadingMore) return;
    this.set({ sessions: { ...sessions, isLoadingMore: true } });
    const generation = this.generation;
    try {
      const next = sessions.page + 1;
      const query = sessions.query;
      const page = await this.deps.backend.listSessions(next, SESSION_PAGE_SIZE, query);
      if (generation !== this.generation || query !== this.state.sessions.query) return;
      const seen = new Set(this.state.sessions.items.map((s) => s.id));
      this.set({
        sessions: {
          ...this.state.sessions,
          items: [...this.state.sessions.items, ...page.items.filter((s) => !seen.has(s.id))],
          total: page.total ?? this.state.sessions.total,
          hasMore: page.hasMore,
          page: next,
          isLoadingMore: false,
        },
      });
    } catch {
      if (generation !== this.generation) return;
      this.set({ sessions: { ...this.state.sessions, isLoadingMore: false, status: 'error' } });
    }
  }

  // ---- sessions -----------------------------------------------------------------------------------

  /**
   * Opens a session and loads its history. A running answer of this tab's is stopped first;
   * one it only followed goes on. An answer the session is still generating (this tab's before a reload,
   * or another tab's) is followed: it grows here and the stop button stops it.
   */
  async openSession(id: string): Promise<void> {
    if (this.state.currentSessionId === id && this.state.conversation.status !== 'error') return;
    this.leaveTurn();
    const token = ++this.conversationToken;
    this.set({ currentSessionId: id, banner: null });
    this.replaceConversation([], 'loading');
    try {
      const messages = await this.deps.backend.getSession(id);
      if (token !== this.conversationToken) return;
      this.replaceConversation(messages, 'ready');
      this.followGenerating(id, messages);
    } catch (error) {
      if (token !== this.conversationToken) return;
      this.replaceConversation([], error instanceof ChatNotFoundError ? 'missing' : 'error');
    }
  }

  /** New chat clears the current session and shows the welcome screen. */
  newChat(): void {
    this.leaveTurn();
    this.conversationToken += 1;
    this.set({ currentSessionId: null, banner: null });
    this.replaceConversation([], 'ready');
  }

  /** Deletes a session; throws 删除会话失败 for the confirm dialog to show. Deleting the open one clears it. */
  async deleteSession(id: string): Promise<void> {
    try {
      await this.deps.backend.deleteSession(id);
    } catch {
      throw new Error(chatText.deleteFailed);
    }
    const { sessions } = this.state;
    const items = sessions.items.filter((s) => s.id !== id);
    const removed = sessions.items.length - items.length;
    this.set({ sessions: { ...sessions, items, total: Math.max(items.length, sessions.total - removed) } });
    if (this.state.currentSessionId === id) {
      this.newChat();
      this.chose(null);
    }
    // The page lost a row: fetch it again so that a session from page two moves up.
    if (sessions.hasMore) void this.loadSessions();
  }

  // ---- models and options -------------------------------------------------------------------------

  selectModel(id: string): void {
    this.deps.selectedModel.set(id);
    this.set({
      selectedModelId: id,
      banner: this.state.banner === chatText.noModelSelected ? null : this.state.banner,
    });
  }

  setSearchEnabled(enabled: boolean): void {
    this.set({ searchEnabled: enabled });
  }

  dismissBanner(): void {
    this.set({ banner: null });
  }

  // ---- the turn -----------------------------------------------------------------------------------

  /**
   * Sends a message and streams the answer. Returns false when nothing was sent: empty
   * text, a stream already running, or no model (then the banner says 未选择模型).
   */
  send(
    text: string,
    files: readonly File[] = [],
    onUploadProgress?: (sent: number, total: number) => void,
  ): boolean {
    const prompt = text.trim();
    if ((!prompt && files.length === 0) || this.turn) return false;
    const modelId = this.modelOrBanner();
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
    this.beginTurn({
      modelId,
      keep: this.state.conversation.messageIds,
      question,
      input: {
        text: prompt,
        ...(files.length > 0 ? { files } : {}),
        ...(onUploadProgress ? { onUploadProgress } : {}),
      },
    });
    return true;
  }

  /** A stored file's bytes as an object URL, fetched once per file while the chat lives. */
  fileUrl(url: string): Promise<string> {
    let found = this.fileUrls.get(url);
    if (!found) {
      found = this.deps.backend.getFile(url).then((blob) => URL.createObjectURL(blob));
      found.catch(() => this.fileUrls.delete(url));
      this.fileUrls.set(url, found);
    }
    return found;
  }

  /**
   * 重新生成: answers the last answer's question again. The new answer is a version beside the old one
   * (‹ 2/2 ›); the old one stays on the server to page back to. False when it cannot run now (a stream is
   * running, the answer is not the last or not stored yet, no model).
   */
  regenerate(answerId: string): boolean {
    const ids = this.state.conversation.messageIds;
    const answer = this.messages.get(answerId);
    const at = ids.indexOf(answerId);
    const question = at > 0 ? this.messages.get(ids[at - 1] ?? '') : undefined;
    if (this.turn || !this.state.currentSessionId || at !== ids.length - 1) return false;
    if (answer?.role !== 'assistant' || !answer.serverId || question?.role !== 'user') return false;
    const modelId = this.modelOrBanner();
    if (!modelId) return false;
    this.beginTurn({
      modelId,
      keep: ids.slice(0, at),
      question: null,
      answerVersions: answer.versions ?? [answer.serverId],
      input: { text: question.text, regenerateMessageId: answer.serverId },
    });
    return true;
  }

  /**
   * 编辑: sends `text` in place of a question of the open chat. What followed the old question is
   * replaced on screen by the new answer; the old question and its answers stay as the other version.
   */
  edit(questionId: string, text: string): boolean {
    const prompt = text.trim();
    const ids = this.state.conversation.messageIds;
    const old = this.messages.get(questionId);
    const at = ids.indexOf(questionId);
    if (!prompt || this.turn || !this.state.currentSessionId || at < 0) return false;
    if (old?.role !== 'user' || !old.serverId) return false;
    const modelId = this.modelOrBanner();
    if (!modelId) return false;
    const id = localId('user');
    const question: ChatMessage = {
      ...emptyMessage('user'),
      id,
      text: prompt,
      versions: [...(old.versions ?? [old.serverId]), id],
    };
    this.beginTurn({
      modelId,
      keep: ids.slice(0, at),
      question,
      input: { text: prompt, editMessageId: old.serverId },
    });
    return true;
  }

  /**
   * Pages to another version of a message (one of its `versions`): the server makes the branch through
   * it current, and the conversation shows that branch. A failure says so in the banner.
   */
  async selectVersion(versionId: string): Promise<boolean> {
    const sessionId = this.state.currentSessionId;
    if (!sessionId || this.turn) return false;
    const token = ++this.conversationToken;
    try {
      const messages = await this.deps.backend.selectVersion(sessionId, versionId);
      if (token !== this.conversationToken) return false;
      this.replaceConversation(messages, 'ready');
      return true;
    } catch {
      if (token === this.conversationToken) this.set({ banner: chatText.versionFailed });
      return false;
    }
  }

  private modelOrBanner(): string | null {
    const modelId = this.state.selectedModelId;
    if (!modelId) this.set({ banner: chatText.noModelSelected });
    return modelId;
  }

  private beginTurn(options: {
    modelId: string;
    /** The messages that stay above the new ones. */
    keep: readonly string[];
    /** The new question; null when a stored one is answered again. */
    question: ChatMessage | null;
    /** The versions the new answer joins (regenerate). */
    answerVersions?: readonly string[];
    input: Pick<TurnInput, 'text' | 'editMessageId' | 'regenerateMessageId'>;
  }) {
    const { modelId, keep, question } = options;
    const id = localId('assistant');
    const assistant: ChatMessage = {
      ...emptyMessage('assistant'),
      id,
      status: 'streaming',
      startedAt: this.now(),
      modelName: this.state.models.items.find((m) => m.id === modelId)?.name ?? null,
      ...(options.answerVersions ? { versions: [...options.answerVersions, id] } : {}),
    };
    if (question) this.messages.set(question.id, question);
    this.messages.set(assistant.id, assistant);
    const turn = new ChatTurn(assistant.id, this.turnHost());
    this.turn = turn;
    const before = this.state.conversation.messageIds;
    this.set({
      banner: null,
      isStreaming: true,
      conversation: {
        status: 'ready',
        messageIds: [...keep, ...(question ? [question.id] : []), assistant.id],
      },
    });
    void this.runTurn(
      turn,
      {
        sessionId: this.state.currentSessionId,
        modelId,
        searchEnabled: this.state.searchEnabled,
        ...options.input,
      },
      { before, questionId: question?.id ?? null },
    );
  }

  /** Stops the running answer; what arrived stays, marked 已停止, which says all: no toast. */
  stop(): void {
    this.turn?.stop();
  }

  /** Another chat is opened: this tab's own answer stops, one it only follows goes on for its tab. */
  private leaveTurn(): void {
    const turn = this.turn;
    if (turn?.follows) {
      this.turn = null;
      turn.leave();
      this.set({ isStreaming: false });
    } else if (turn) {
      this.leftBehind.add(turn);
      turn.stop();
    }
  }

  private turnHost(): TurnHost {
    const { backend } = this.deps;
    return {
      getMessage: this.getMessage,
      putMessage: (message) => this.putMessage(message),
      scheduleFrame: this.scheduleFrame,
      onSessionKnown: (assistantId, sessionId, title) => this.adoptSession(assistantId, sessionId, title),
      onStreamError: (message) => this.set({ banner: chatText.streamError(message) }),
      ...(backend.stopTurn
        ? { stopOnServer: (sessionId: string) => backend.stopTurn?.(sessionId) ?? Promise.resolve() }
        : {}),
    };
  }

  /**
   * A new chat's first turn has started and the server has made its session: the chat takes its address
   * and its row in the history now, not when the answer ends, so that a reload or another tab finds it
   * while it is still being written. The row is the server's title and the time now; the list is read
   * again when the turn ends.
   */
  private adoptSession(assistantId: string, sessionId: string, title: string | null): void {
    if (this.state.currentSessionId !== null || !this.state.conversation.messageIds.includes(assistantId)) {
      return;
    }
    const { sessions } = this.state;
    const listed = sessions.items.some((s) => s.id === sessionId);
    const at = new Date(this.now()).toISOString();
    const row: ChatSessionSummary = { id: sessionId, title, created_at: at, updated_at: at };
    // Below the pinned chats, above the rest; a search's results are left as they are.
    const pinned = sessions.items.filter((s) => s.pinned).length;
    const items =
      listed || sessions.query !== ''
        ? sessions.items
        : [...sessions.items.slice(0, pinned), row, ...sessions.items.slice(pinned)];
    this.set({
      currentSessionId: sessionId,
      sessions: { ...sessions, items, total: sessions.total + (items === sessions.items ? 0 : 1) },
    });
    this.chose(sessionId);
  }

  /** Follows the answer the opened session is still generating, if its last message is one. */
  private followGenerating(sessionId: string, messages: readonly ChatMessage[]): void {
    const last = messages.at(-1);
    const { backend } = this.deps;
    if (!backend.followTurn || this.turn || last?.role !== 'assistant' || last.status !== 'streaming') return;
    const turn = new ChatTurn(last.id, this.turnHost(), { follows: true });
    this.turn = turn;
    this.set({ isStreaming: true });
    void this.runFollow(turn, sessionId);
  }

  private async runFollow(turn: ChatTurn, sessionId: string): Promise<void> {
    const generation = this.generation;
    const token = this.conversationToken;
    const outcome = await turn.run((signal) => {
      if (!this.deps.backend.followTurn) throw new Error('no followTurn');
      return this.deps.backend.followTurn(sessionId, signal);
    });
    if (this.turn === turn) {
      this.turn = null;
      this.set({ isStreaming: false });
    }
    if (turn.left || generation !== this.generation) return;
    // Stopped here or in another tab, by the user either way: the answer's 已停止 says so.
    if (outcome.kind === 'failed') this.set({ banner: chatText.streamError(outcome.error) });
    // A stream that ended without the answer's end (it ended between the two requests, the connection
    // dropped): the stored session says how it ended.
    const message = this.messages.get(turn.assistantId);
    if (
      token === this.conversationToken &&
      (!message || message.status === 'streaming' || message.credits === null)
    ) {
      try {
        const messages = await this.deps.backend.getSession(sessionId);
        if (token === this.conversationToken && generation === this.generation) {
          this.replaceConversation(
            messages.map((m) => (m.status === 'streaming' ? { ...m, status: 'done' as const } : m)),
            'ready',
          );
        }
      } catch {
        // The answer shows what arrived; a reload shows the rest.
      }
    }
    void this.loadSessions();
    this.deps.onTurnEnd?.();
  }

  private async runTurn(
    turn: ChatTurn,
    input: TurnInput,
    shown: { before: readonly string[]; questionId: string | null },
  ) {
    const generation = this.generation;
    const knownIds = new Set(this.state.sessions.items.map((s) => s.id));
    const outcome = await turn.run((signal) => this.deps.backend.createTurn(input, signal));
    const isVersion = Boolean(input.editMessageId || input.regenerateMessageId);
    if (outcome.kind === 'stopped') {
      if (generation === this.generation && this.leftBehind.has(turn)) this.deps.onInterrupted?.();
    } else if (outcome.kind === 'failed') {
      const refused = !outcome.answered;
      this.set({
        banner: chatText.streamError(outcome.error),
        // A refused edit gives its text back to the input; a refused regenerate has nothing typed.
        returnedDraft:
          refused && !input.regenerateMessageId
            ? {
                text: input.text,
                ...(input.files ? { files: input.files } : {}),
                seq: (this.state.returnedDraft?.seq ?? 0) + 1,
              }
            : this.state.returnedDraft,
      });
      // A refused version changed nothing on the server: the chat shows again what it had.
      if (refused && isVersion && this.turn === turn && generation === this.generation) {
        this.set({ conversation: { status: 'ready', messageIds: shown.before } });
      }
    }
    if (generation === this.generation) this.storedIds(turn.assistantId, shown.questionId, outcome.stored);
    // After a reset (logout) nothing of this turn is wanted any more.
    if (generation === this.generation)
      this.finishTurn(turn, input.sessionId, outcome.createdSessionId, knownIds);
  }

  /** The server's ids for the turn's messages, so that they can be edited, regenerated and paged. */
  private storedIds(answerId: string, questionId: string | null, stored: StoredIds) {
    const adopt = (id: string | null, serverId: string | null) => {
      const message = id ? this.messages.get(id) : undefined;
      if (!message || !serverId || !id) return;
      this.putMessage({
        ...message,
        serverId,
        ...(message.versions ? { versions: message.versions.map((v) => (v === id ? serverId : v)) } : {}),
      });
    };
    adopt(answerId, stored.message);
    adopt(questionId, stored.userMessage);
  }

  private finishTurn(
    turn: ChatTurn,
    sessionId: string | null,
    createdSessionId: string | null,
    knownIds: ReadonlySet<string>,
  ) {
    const id = turn.assistantId;
    if (this.turn === turn) this.turn = null;
    this.set({ isStreaming: this.turn !== null });
    const isNewSession = sessionId === null;
    let listed: Promise<void>;
    // A new chat becomes its session; the list is reloaded so that it shows (`final_data` names it).
    if (isNewSession && this.state.conversation.messageIds.includes(id)) {
      if (createdSessionId) {
        this.set({ currentSessionId: createdSessionId });
        this.chose(createdSessionId);
        listed = this.loadSessions();
      } else {
        // Stopped or failed before final_data: the server may still have made the session.
        listed = this.loadSessions({ selectNewest: 'created_at', knownIds });
      }
    } else {
      // The session's updated_at (and maybe its title) changed: it moves to the top of the history.
      listed = this.loadSessions();
    }
    this.deps.onTurnEnd?.();
    const message = this.messages.get(id);
    if (message?.status === 'stopped' && message.credits === null) {
      void listed.then(() => this.fetchStoppedCost(id, sessionId ?? createdSessionId));
    }
  }

  /*
   * A stopped answer gets no final_data (the stream is gone), but the server still charges what was
   * generated once it notices. That cost is read back from the stored session, so that the answer shows
   * 已停止 · 消耗 N 积分 now, as it will after a reload, and the balance in the user menu is the settled one.
   */
  private async fetchStoppedCost(id: string, knownSessionId: string | null) {
    const generation = this.generation;
    for (const delay of STOPPED_COST_DELAYS_MS) {
      await this.wait(delay);
      if (generation !== this.generation || !this.state.conversation.messageIds.includes(id)) return;
      const sessionId = knownSessionId ?? this.state.currentSessionId;
      if (!sessionId) return;
      let history: ChatMessage[];
      try {
        history = await this.deps.backend.getSession(sessionId);
      } catch {
        return;
      }
      const stored = history.findLast((m) => m.role === 'assistant');
      const message = this.messages.get(id);
      if (generation !== this.generation || !message) return;
      if (stored && stored.credits !== null) {
        this.putMessage({ ...message, credits: stored.credits });
        // A stopped answer got no final_data: its stored ids come from here.
        const ids = this.state.conversation.messageIds;
        const questionId = ids[ids.indexOf(id) - 1] ?? null;
        const question = questionId ? this.messages.get(questionId) : undefined;
        this.storedIds(id, question && !question.serverId ? questionId : null, {
          message: message.serverId ? null : (stored.serverId ?? null),
          userMessage: history.findLast((m) => m.role === 'user')?.serverId ?? null,
        });
        this.deps.onTurnEnd?.();
        return;
      }
    }
  }
}
