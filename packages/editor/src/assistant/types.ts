/**
 * What the assistant needs from the app: the model list and a way to ask. The editor package knows no
 * HTTP client; the app passes a transport built on its own (the workspace: @wanxiang/api-client), and maps
 * its errors to the kinds below so that the assistant shows its own texts for each.
 */
export interface AssistantModel {
  id: string;
  name: string;
}

/** One question as the server needs it, the document included. */
export interface AssistantQuestion {
  question: string;
  modelId: string;
  contextEnabled: boolean;
  documentMarkdown: string;
  selection: string;
  focusOffset?: number;
  /** Files sent with the question as reference material (the dock's attachments); a question may be files alone. */
  files?: readonly File[];
}

/** A file a question came with, as the panel and the history name it. */
export interface AssistantFile {
  name: string;
  type: string;
  size: number;
}

/** How a question goes, beyond its content. */
export interface AskOptions {
  /** Called as the question's files are sent (bytes sent, bytes in all). */
  onUploadProgress?: (sent: number, total: number) => void;
}

/**
 * What the dock needs to take attachments: the file picker's `accept` list and the check of chosen files
 * (the app's, so that the assistant refuses files in the chat's words). A transport without it
 * asks without files: the dock then offers none.
 */
export interface AssistantAttachments {
  accept: string;
  /** The accepted files, and the refusals joined with '；' (null when none was refused). */
  check(files: readonly File[], alreadyChosen: number): { accepted: File[]; message: string | null };
}

export type AssistantEvent =
  | { type: 'text'; text: string }
  | { type: 'error'; message: string }
  /** How the document was cut for the model (a long document), shown under the answer. */
  | { type: 'note'; note: string }
  | { type: 'done' };

export interface AssistantTransport {
  loadModels(signal: AbortSignal): Promise<readonly AssistantModel[]>;
  ask(question: AssistantQuestion, signal: AbortSignal, options?: AskOptions): AsyncIterable<AssistantEvent>;
  /** Attachments, when the server takes them (see {@link AssistantAttachments}). */
  attachments?: AssistantAttachments;
  /** True when the server keeps this document's history (a cloud document): the context toggle works. */
  hasHistory: boolean;
  /** The document's earlier turns kept by the server, oldest first (a cloud document). */
  loadHistory?(signal: AbortSignal): Promise<readonly AssistantHistoryTurn[]>;
}

/** A turn of the document's history as the server keeps it. */
export interface AssistantHistoryTurn {
  id: string;
  question: string;
  /** The files the question came with. */
  files?: readonly AssistantFile[];
  answer: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/** A question the server refused or could not start. */
export class AssistantError extends Error {
  constructor(
    readonly kind: 'auth' | 'notFound' | 'failed' | 'emptyBody' | 'network',
    readonly detail = '',
  ) {
    super(detail || kind);
    this.name = 'AssistantError';
  }
}

/** The model list could not be loaded. */
export class ModelsError extends Error {
  constructor(
    readonly kind: 'auth' | 'http' | 'failed',
    readonly status = 0,
    readonly reason = '',
  ) {
    super(reason || kind);
    this.name = 'ModelsError';
  }
}
