import { toast } from '@wanxiang/ui';
import { $getRoot, $parseSerializedNode, type LexicalEditor, type SerializedLexicalNode } from 'lexical';
import type { DocumentContent } from '../documents/types';
import { t } from '../i18n/zh-CN';
import { formatVersionTime } from './format';
import { NameVersionDialog } from './NameVersionDialog';
import type { VersionSource } from './types';
import { VersionHistoryDialog } from './VersionHistoryDialog';

const m = t.versions;

export type VersionsDialog = 'history' | 'name' | null;

export interface VersionsDialogsProps {
  open: VersionsDialog;
  onOpenChange(open: VersionsDialog): void;
  source: VersionSource;
  editor: LexicalEditor;
  /** The content and title as the next save would store them. */
  snapshot(): { content: DocumentContent; title: string };
  /** Saves pending edits locally, then (where the page offers it) to the cloud; resolves when both are done. */
  saveNow(): Promise<void>;
  /** A restored content's style presets (the text itself goes into the editor here). */
  onRestoreStyles(content: DocumentContent): void;
}

/**
 * Puts a version's text in the editor in one undoable update, as an edit: it is saved (locally, then to
 * the cloud) as a new version, so the text it replaces stays in the history.
 */
function $replaceWith(content: DocumentContent) {
  const root = $getRoot();
  root.clear();
  const children = (content.editorState?.root.children ?? []) as SerializedLexicalNode[];
  for (const child of children) root.append($parseSerializedNode(child) as never);
}

/** 版本历史 and 为当前版本命名, over the document's version source. */
export function VersionsDialogs({
  open,
  onOpenChange,
  source,
  editor,
  snapshot,
  saveNow,
  onRestoreStyles,
}: VersionsDialogsProps) {
  return (
    <>
      <VersionHistoryDialog
        isOpen={open === 'history'}
        onOpenChange={(isOpen) => onOpenChange(isOpen ? 'history' : null)}
        source={source}
        current={() => snapshot().content}
        onRestore={async (content, entry) => {
          // What is on screen is saved first: it is the version the restore goes on top of.
          await saveNow();
          source.willRestore?.(entry.id);
          editor.update(() => $replaceWith(content), { discrete: true });
          onRestoreStyles(content);
          await saveNow();
          toast.success(m.restored(formatVersionTime(entry.createdAt, Date.now())));
        }}
      />
      <NameVersionDialog
        isOpen={open === 'name'}
        onOpenChange={(isOpen) => onOpenChange(isOpen ? 'name' : null)}
        onName={async (name) => {
          await saveNow();
          await source.nameCurrent(name, snapshot());
          toast.success(m.named(name));
        }}
      />
    </>
  );
}
