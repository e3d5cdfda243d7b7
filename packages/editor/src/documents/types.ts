import type { SerializedEditorState } from 'lexical';
import type { StylePresets } from '../styles/presets';

/** A local document: the record lists it, the content is stored apart by id. */
export interface DocumentRecord {
  id: string;
  title: string;
  createdAt: number;
  modifiedAt: number;
  owner: string;
  /** The first lines after the title, for the document home's card (documentPreview); absent on old records. */
  preview?: string;
}

/** What is stored for a document: the editor snapshot (version 2.0.0) and the document's style presets. */
export interface DocumentContent {
  version: '2.0.0';
  editorState: SerializedEditorState | null;
  styles?: StylePresets;
  /** A title the user gave the document (renamed in place); without it the title is the first line. */
  title?: string;
}

export interface LoadedDocument {
  record: DocumentRecord;
  content: DocumentContent;
}

/**
 * The one local document repository shared by the document home and the editor. Implementations scope
 * everything to an owner: another owner's document is "not found".
 */
export interface DocumentRepository {
  /** The owner's documents, newest first (by modifiedAt). */
  listRecent(owner: string, limit?: number): Promise<DocumentRecord[]>;
  create(owner: string, init?: { title?: string; content?: DocumentContent }): Promise<DocumentRecord>;
  /** null when it does not exist or belongs to someone else. */
  load(id: string, owner: string): Promise<LoadedDocument | null>;
  /** Writes content (and a new title) in one transaction; returns the updated record. */
  save(id: string, owner: string, content: DocumentContent, title: string): Promise<DocumentRecord>;
  remove(id: string, owner: string): Promise<void>;
}

export type DocumentStorageErrorCode = 'quota' | 'unavailable' | 'failed';

export class DocumentStorageError extends Error {
  constructor(
    readonly code: DocumentStorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DocumentStorageError';
  }
}
