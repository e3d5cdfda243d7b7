/**
 * The assistant's state, shared by the right panel and the dock (two separate slots of the editor), free of
 * React: components subscribe with useSyncExternalStore. It loads the models, sends a question, batches the
 * streamed answer into the state about every 80 ms, stops it silently, and keeps this
 * document's turns for the history view.
 */
import type { PendingFile } from '@wanxiang/ui';
import { t } from '../i18n/zh-CN';
import type { DocumentSnapshot, SelectionCapture } from './documentContext';
import {
  AssistantError,
  type AssistantFile,
  type AssistantModel,
  type AssistantTransport,
  ModelsError,
} from './types';

/** The streamed answer's display refreshes about every 80 ms. */
export const ANSWER_REFRESH_MS = 80;

export type ModelsState =
  | { status: 'loading' }
  | { status: 'ready'; models: readonly AssistantModel[] }
  | { status: 'error'; message: string };

export interface AssistantTurn {
  id: string;
  question: string;
  /** The files the question came with (their names show with it). */
  files: readonly AssistantFile[];
  answer: string;
  timestamp: number;
  /** The selection the question was about (Apply replaces it), or the caret. */
  selection: SelectionCapture | null;
  note: string | null;
}

export interface AssistantState {
  models: ModelsState;
  modelId: string | null;
  contextEnabled: boolean;
  draft: string;
  /** The files chosen for the next question (the dock's chips); they stay there until the server has them. */
  files: readonly PendingFile[];
  /** Why chosen files were refused (the check's texts joined with '；'), until the next choice. */
  fileError: string | null;
  /** 0–1 while the question's files are being sent; null otherwise. */
  uploadProgress: number | null;
  streaming: boolean;
  current: AssistantTurn | null;
  history: readonly AssistantTurn[];
  view: 'current' | 'history';
  /** Raised when something asks the question box to take the focus (a quick action). */
  focusRequest: number;
  /** The editor's latest selection, for quick actions and for the question. */
  selection: SelectionCapture | null;
  /** Whether the right panel shows (the dock opens it when a question goes). */
  panelOpen: boolean;
}

const a = t.assistant;

export function describeModelsError(error: unknown): string {
  if (error instanceof ModelsError) {
    if (error.kind === 'auth') return a.modelsAuth;
    if (error.kind === 'http') return a.modelsFailed(a.modelsHttp(error.status));
    return a.modelsFailed(error.reason);
  }
  return a.modelsFailed(error instanceof Error ? error.message : '');
}

export function describeAskError(error: unknown): string {
  if (error instanceof AssistantError) {
    switch (error.kind) {
      case 'auth':
        return a.authFailed;
      case 'notFound':
        return a.notFound;
      case 'failed':
        return a.startFailed(error.detail);
      case 'emptyBody':
        return a.emptyBody;
      default:
        return a.connectionFailed;
    }
  }
  return a.connectionFailed;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export class AssistantStore {
  private state: AssistantState;
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private modelsController: AbortController | null = null;
  private historyController: AbortController | null = null;
  private panels = 0;
  private fileIds = 0;

  constructor(
    private transport: AssistantTransport,
    initial: Partial<AssistantState> = {},
  ) {
    this.state = {
      models: { status: 'loading' },
      modelId: null,
      contextEnabled: transport.hasHistory,
      draft: '',
      files: [],
      fileError: null,
      uploadProgress: null,
      streaming: false,
      current: null,
      history: [],
      view: 'current',
      focusRequest: 0,
      selection: null,
      panelOpen: false,
      ...initial,
    };
  }

  /**
   * The document's way to the server changed: a new document reached the cloud, or a cloud one was unlinked.
   * What the user is doing stays — the question being typed, the files chosen, the answer streaming (it
   * finishes on the way it was asked) and the turns so far; the next question takes the new way. A way with
   * the server's history turns the document's context on and, while a panel shows, loads the kept turns.
   */
  setTransport(transport: AssistantTransport) {
    if (transport === this.transport) return;
    const gainsHistory = transport.hasHistory && !this.transport.hasHistory;
    this.transport = transport;
    this.historyController?.abort();
    this.historyController = null;
    this.set({ contextEnabled: gainsHistory ? true : this.state.contextEnabled && transport.hasHistory });
    if (this.panels > 0) void this.loadHistory();
  }

  get hasHistory(): boolean {
    return this.transport.hasHistory;
  }

  /** The file picker's accept list when the transport takes attachments, else null (the dock offers none). */
  get attachAccept(): string | null {
    return this.transport.attachments?.accept ?? null;
  }

  getState = (): AssistantState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<AssistantState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Loads the document's earlier turns kept by the server (a cloud document) into the history view, before
   * the turns asked since the page opened. A failure leaves the history as it is: it is a convenience.
   */
  async loadHistory(): Promise<void> {
    if (!this.transport.loadHistory || this.historyController) return;
    const controller = new AbortController();
    this.historyController = controller;
    try {
      const kept = await this.transport.loadHistory(controller.signal);
      if (controller.signal.aborted) return;
      // Turns asked here meanwhile may already be among the kept ones: each shows once.
      const asked = new Set(this.state.history.map((turn) => `${turn.question}\u0000${turn.answer}`));
      const earlier: AssistantTurn[] = kept
        .filter((turn) => !asked.has(`${turn.question}\u0000${turn.answer}`) && turn.answer.trim() !== '')
        .map((turn) => ({ ...turn, files: turn.files ?? [], selection: null, note: null }));
      this.set({ history: [...earlier, ...this.state.history] });
    } catch {
      if (!controller.signal.aborted) this.historyController = null;
    }
  }

  /** Loads the model list (loading, then the first preselected, or an error text). */
  async loadModels(): Promise<void> {
    this.modelsController?.abort();
    const controller = new AbortController();
    this.modelsController = controller;
    this.set({ models: { status: 'loading' } });
    try {
      const models = await this.transport.loadModels(controller.signal);
      if (controller.signal.aborted) return;
      if (models.length === 0) {
        this.set({ models: { status: 'error', message: a.modelsFailed(a.modelsEmpty) }, modelId: null });
        return;
      }
      const kept = models.some((model) => model.id === this.state.modelId) ? this.state.modelId : null;
      this.set({ models: { status: 'ready', models }, modelId: kept ?? models[0]?.id ?? null });
    } catch (error) {
      if (controller.signal.aborted) return;
      this.set({ models: { status: 'error', message: describeModelsError(error) } });
    }
  }

  setDraft(draft: string) {
    this.set({ draft });
  }
  setModel(modelId: string) {
    this.set({ modelId });
  }
  setContextEnabled(contextEnabled: boolean) {
    this.set({ contextEnabled });
  }
  setView(view: 'current' | 'history') {
    this.set({ view });
  }
  setSelection(selection: SelectionCapture | null) {
    const before = this.state.selection;
    if (
      before?.text === selection?.text &&
      before?.blockKey === selection?.blockKey &&
      before?.anchor.key === selection?.anchor.key &&
      before?.anchor.offset === selection?.anchor.offset &&
      before?.focus.key === selection?.focus.key &&
      before?.focus.offset === selection?.focus.offset
    )
      return;
    this.set({ selection });
  }
  /**
   * Whether a panel shows (instances are counted: a remount may mount the new one before the old is gone).
   * A panel leaving the screen does not clear the chat: the editor folds it away when the window is too
   * narrow, and the answer goes on; only the user's closing it clears (see {@link clear}).
   */
  panelMounted(): () => void {
    this.panels += 1;
    if (!this.state.panelOpen) this.set({ panelOpen: true });
    return () => {
      this.panels -= 1;
      if (this.panels === 0) this.set({ panelOpen: false });
    };
  }

  /** A prompt put in the question box for the user to read and edit before sending (a quick action). */
  prepare(prompt: string) {
    this.set({ draft: prompt, focusRequest: this.state.focusRequest + 1 });
  }

  /**
   * Files picked, pasted or dropped: checked by the transport's rules, the accepted ones added
   * to the chips, the refusals said until the next choice. Nothing is taken while an answer streams.
   */
  addFiles(chosen: readonly File[]) {
    const attachments = this.transport.attachments;
    if (!attachments || this.state.streaming || chosen.length === 0) return;
    const { accepted, message } = attachments.check(chosen, this.state.files.length);
    this.set({
      fileError: message,
      files: [...this.state.files, ...accepted.map((file) => this.pending(file))],
    });
  }

  removeFile(id: string) {
    if (this.state.streaming) return;
    const gone = this.state.files.find((file) => file.id === id);
    if (gone) revokePreviews([gone]);
    this.set({ files: this.state.files.filter((file) => file.id !== id), fileError: null });
  }

  private pending(file: File): PendingFile {
    this.fileIds += 1;
    return {
      id: `assistant-file-${this.fileIds}`,
      file,
      ...(file.type.startsWith('image/') ? { previewUrl: URL.createObjectURL(file) } : {}),
    };
  }

  /**
   * Non-empty text, a model, no answer streaming, and models loaded. As in the chat, files
   * alone are a question too.
   */
  canSend(): boolean {
    const { draft, files, modelId, streaming, models } = this.state;
    return (
      (draft.trim() !== '' || files.length > 0) && modelId !== null && !streaming && models.status === 'ready'
    );
  }

  /** Sends the question in the box about `document`; resolves when the answer has ended. */
  async send(document: DocumentSnapshot): Promise<void> {
    if (!this.canSend() || !this.state.modelId) return;
    const question = this.state.draft.trim();
    const chosen = this.state.files;
    const controller = new AbortController();
    this.controller = controller;
    const turn: AssistantTurn = {
      id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      question,
      files: chosen.map(({ file }) => ({ name: file.name, type: file.type, size: file.size })),
      answer: '',
      timestamp: Date.now(),
      selection: document.selection,
      note: null,
    };
    // The chips stay, showing the upload, until the server has the files (its first event, or the upload
    // done); a question refused or stopped before that gives them back, so nothing chosen is lost.
    this.set({
      draft: '',
      streaming: true,
      current: turn,
      view: 'current',
      fileError: null,
      uploadProgress: chosen.length > 0 ? 0 : null,
    });
    let received = false;
    const delivered = () => {
      if (chosen.length > 0 && this.state.files === chosen) this.set({ files: [], uploadProgress: null });
    };
    const onUploadProgress = (sent: number, total: number) => {
      const share = total > 0 ? sent / total : 0;
      if (share >= 1) delivered();
      else if (this.state.files === chosen) this.set({ uploadProgress: share });
    };

    let answer = '';
    let shown = '';
    let timer: ReturnType<typeof setTimeout> | null = null;
    const show = () => {
      timer = null;
      if (answer === shown || this.state.current?.id !== turn.id) return;
      shown = answer;
      this.set({ current: { ...(this.state.current as AssistantTurn), answer } });
    };
    const append = (text: string) => {
      answer += text;
      timer ??= setTimeout(show, ANSWER_REFRESH_MS);
    };
    try {
      const events = this.transport.ask(
        {
          question,
          modelId: this.state.modelId,
          contextEnabled: this.state.contextEnabled && this.transport.hasHistory,
          documentMarkdown: document.markdown,
          selection: document.selection?.text ?? '',
          ...(document.focusOffset === undefined ? {} : { focusOffset: document.focusOffset }),
          ...(chosen.length > 0 ? { files: chosen.map(({ file }) => file) } : {}),
        },
        controller.signal,
        chosen.length > 0 ? { onUploadProgress } : {},
      );
      for await (const event of events) {
        received = true;
        delivered();
        if (event.type === 'text') append(event.text);
        else if (event.type === 'error')
          append(`${answer === '' ? '' : '\n\n'}${a.error(event.message || a.unknownError)}`);
        else if (event.type === 'note') turn.note = event.note;
        else break;
      }
    } catch (error) {
      // Aborting is silent; any other failure is said at the end of the answer.
      if (!isAbort(error) && !controller.signal.aborted)
        append(`${answer === '' ? '' : '\n\n'}${a.error(describeAskError(error))}`);
    } finally {
      if (timer) clearTimeout(timer);
      if (this.controller === controller) this.controller = null;
      if (chosen.length > 0) {
        if (received) revokePreviews(chosen);
        else if (this.state.files.length === 0 || this.state.files === chosen)
          this.set({ files: chosen, uploadProgress: null });
      }
    }
    if (this.state.current?.id !== turn.id) {
      // Cleared meanwhile (the panel closed): nothing to show.
      if (!this.state.current) this.set({ streaming: false });
      return;
    }
    const finished: AssistantTurn = { ...turn, answer };
    this.set({
      streaming: false,
      current: finished,
      history: answer.trim() === '' ? this.state.history : [...this.state.history, finished],
    });
  }

  /** Stops the answer (silently: what came so far stays). */
  stop() {
    this.controller?.abort(new DOMException('stopped by the user', 'AbortError'));
  }

  /** Closing the panel clears the current chat (and stops an answer still streaming). */
  clear() {
    this.stop();
    this.set({ current: null, streaming: false, view: 'current' });
  }

  /** Shows an earlier turn of this document as the current one (to read or apply it again). */
  reopen(id: string) {
    const turn = this.state.history.find((item) => item.id === id);
    if (turn && !this.state.streaming) this.set({ current: turn, view: 'current' });
  }

  /** Stops what is running (the page goes away); a model list cut short is loaded again when asked. */
  dispose() {
    this.stop();
    revokePreviews(this.state.files);
    this.modelsController?.abort();
    if (this.state.models.status === 'loading') this.modelsController = null;
    this.historyController?.abort();
    this.historyController = null;
  }
}

function revokePreviews(files: readonly PendingFile[]) {
  for (const file of files) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
}
