import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  $getNodeByKey,
  $getSelection,
  $isNodeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_HIGH,
  KEY_ENTER_COMMAND,
  type NodeKey,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { subscribeSheets } from '../pageView/sheetsOfBlocks';
import { BookmarkDialog } from './BookmarkDialog';
import { BookmarkNode } from './BookmarkNode';
import { GOTO_BOOKMARK_COMMAND, OPEN_BOOKMARK_DIALOG_COMMAND, OPEN_XREF_DIALOG_COMMAND } from './commands';
import {
  $addBookmark,
  $applyReferenceResults,
  $deleteBookmark,
  $dropDuplicateBookmarks,
  $headingAnchor,
  $insertReference,
  $pageOfBookmarks,
  $renameBookmark,
  $selectBookmark,
  $staleReferences,
  revealNode,
} from './logic';
import type { ReferenceDisplay } from './resolve';
import { readShowBookmarks, writeShowBookmarks } from './showBookmarks';
import { XrefDialog } from './XrefDialog';
import { $isXrefNode, XrefNode } from './XrefNode';
import './bookmarks.css';

/** The tag of the updates that only bring references up to date: undo does not stop at them. */
const REFRESH_TAG = 'history-merge';

/**
 * 书签 and 交叉引用: the two dialogs; references kept up to date with their targets after every change
 * (page references also after every layout of the page view);
 * a pasted copy of a bookmark that would share its name dropped; Enter on a selected reference and a
 * click on one go to its target; the bookmarks' brackets shown or hidden.
 */
export function BookmarksPlugin() {
  const [editor] = useLexicalComposerContext();
  const [dialog, setDialog] = useState<'bookmark' | 'xref' | null>(null);
  const [showMarks, setShowMarks] = useState(readShowBookmarks);
  const saved = useRef<BaseSelection | null>(null);

  useEffect(() => {
    const root = editor.getRootElement();
    if (root) root.dataset.showBookmarks = showMarks ? 'true' : 'false';
    return editor.registerRootListener((next) => {
      if (next) next.dataset.showBookmarks = showMarks ? 'true' : 'false';
    });
  }, [editor, showMarks]);

  useEffect(() => {
    const open = (which: 'bookmark' | 'xref') => () => {
      saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
      setDialog(which);
      return true;
    };
    const xrefs = new Set<NodeKey>();
    let created = new Set<NodeKey>();
    // Another update only when a reference's value changed: typing elsewhere costs one read.
    const refresh = () => {
      const stale = editor.getEditorState().read(() => $staleReferences($pageOfBookmarks(editor)));
      if (stale.length) editor.update(() => $applyReferenceResults(stale), { tag: REFRESH_TAG });
    };
    return mergeRegister(
      editor.registerCommand(OPEN_BOOKMARK_DIALOG_COMMAND, open('bookmark'), COMMAND_PRIORITY_EDITOR),
      editor.registerCommand(OPEN_XREF_DIALOG_COMMAND, open('xref'), COMMAND_PRIORITY_EDITOR),
      editor.registerCommand(
        GOTO_BOOKMARK_COMMAND,
        (name) => {
          let key: string | null = null;
          editor.update(() => {
            key = $selectBookmark(name);
          });
          editor.focus();
          if (key) revealNode(editor, key);
          return key !== null;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        KEY_ENTER_COMMAND,
        (event) => {
          const selection = $getSelection();
          if (!$isNodeSelection(selection)) return false;
          const [node] = selection.getNodes();
          if (!$isXrefNode(node) || selection.getNodes().length !== 1) return false;
          event?.preventDefault();
          if (!node.isMissing()) {
            const target = node.getTarget();
            queueMicrotask(() => editor.dispatchCommand(GOTO_BOOKMARK_COMMAND, target));
          }
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
      editor.registerMutationListener(XrefNode, (mutations) => {
        for (const [key, mutation] of mutations) {
          if (mutation === 'destroyed') xrefs.delete(key);
          else xrefs.add(key);
        }
      }),
      editor.registerMutationListener(BookmarkNode, (mutations) => {
        for (const [key, mutation] of mutations) if (mutation === 'created') created.add(key);
      }),
      editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
        const fresh = created;
        created = new Set();
        if (fresh.size && !tags.has('historic'))
          editor.update(() => $dropDuplicateBookmarks(fresh), { tag: REFRESH_TAG });
        if (!xrefs.size || (!dirtyElements.size && !dirtyLeaves.size)) return;
        refresh();
      }),
      // Page references follow the page view's layout: after each layout that may have moved pages.
      subscribeSheets(editor, () => {
        if (xrefs.size) refresh();
      }),
    );
  }, [editor]);

  /** Runs a change where the caret was when the dialog opened. */
  const atSaved = (change: () => void) => {
    editor.update(() => {
      const selection = saved.current;
      if (selection) {
        const keys = selection.getNodes().map((node) => node.getKey());
        if (keys.every((key) => $getNodeByKey(key))) $setSelection(selection.clone());
      }
      change();
    });
  };

  return (
    <>
      <BookmarkDialog
        isOpen={dialog === 'bookmark'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'bookmark' : null)}
        showMarks={showMarks}
        onShowMarksChange={(show) => {
          setShowMarks(show);
          writeShowBookmarks(show);
        }}
        onAdd={(name) => {
          atSaved(() => void $addBookmark(name));
          editor.focus();
        }}
        onGoTo={(name) => editor.dispatchCommand(GOTO_BOOKMARK_COMMAND, name)}
        onRename={(from, to) => editor.update(() => $renameBookmark(from, to))}
        onDelete={(name) => editor.update(() => $deleteBookmark(name))}
      />
      <XrefDialog
        isOpen={dialog === 'xref'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'xref' : null)}
        onInsert={(target, display: ReferenceDisplay) => {
          atSaved(() => {
            const name = target.kind === 'heading' ? $headingAnchor(target.index) : target.name;
            if (name) $insertReference(name, target.kind, display, $pageOfBookmarks(editor));
          });
          editor.focus();
        }}
      />
    </>
  );
}
