import { TOGGLE_LINK_COMMAND } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { toast } from '@wanxiang/ui';
import {
  $createNodeSelection,
  $getNodeByKey,
  $getSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_EDITOR,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { $isImageNode } from '../images/ImageNode';
import {
  $applyTextFormatPatch,
  $selectedSpacing,
  applyList,
  applyParagraph,
  isUnchangedParagraphPatch,
  type ListType,
  type SelectedSpacing,
} from '../model/commands';
import type { FormatState } from '../model/useFormatState';
import { $selectionBreaksBefore, setBreakBefore } from '../pages/pageBreakBefore';
import type { StylePresets } from '../styles/presets';
import { FindReplaceDialog } from './FindReplaceDialog';
import { FontDialog } from './FontDialog';
import { ImageDialog } from './ImageDialog';
import { LinkDialog } from './LinkDialog';
import { ListDialog } from './ListDialog';
import { type DialogName, OPEN_DIALOG_COMMAND } from './openDialog';
import { ParagraphDialog } from './ParagraphDialog';
import { ShortcutsDialog } from './ShortcutsDialog';
import { StyleDialog } from './StyleDialog';

function listTypeOf(format: FormatState): ListType {
  return format.blockType === 'bullet'
    ? 'bullet'
    : format.blockType === 'number'
      ? 'ordered'
      : format.blockType === 'check'
        ? 'check'
        : 'none';
}

export interface EditorDialogsProps {
  format: FormatState;
  presets: StylePresets;
  onPresetsChange(presets: StylePresets): void;
}

/** The editor's dialogs: which one is open (OPEN_DIALOG_COMMAND opens one), and what each applies. */
export function EditorDialogs({ format, presets, onPresetsChange }: EditorDialogsProps) {
  const [editor] = useLexicalComposerContext();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [findMode, setFindMode] = useState<'find' | 'replace'>('find');
  const savedSelection = useRef<BaseSelection | null>(null);
  const [paragraphBreaks, setParagraphBreaks] = useState(false);
  const [paragraphSpacing, setParagraphSpacing] = useState<SelectedSpacing>({ before: null, after: null });
  const [image, setImage] = useState<{ key: string; altText: string; width: number | null } | null>(null);

  // Dialogs take the focus away; they act on the selection the user had when opening them.
  useEffect(
    () =>
      editor.registerCommand(
        OPEN_DIALOG_COMMAND,
        ({ dialog: name, findMode: mode, nodeKey }) => {
          if (mode) setFindMode(mode);
          if (name === 'image') {
            // 图片属性 edits the image it was opened on, with the width it has on the paper.
            const found = editor.getEditorState().read(() => {
              const node = nodeKey ? $getNodeByKey(nodeKey) : null;
              return $isImageNode(node)
                ? { key: node.getKey(), altText: node.getAltText(), width: node.getWidth() }
                : null;
            });
            if (!found) return false;
            const shown = editor
              .getElementByKey(found.key)
              ?.querySelector('img')
              ?.getBoundingClientRect().width;
            setImage({ ...found, width: found.width ?? (shown ? Math.round(shown) : null) });
          }
          savedSelection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
          if (name === 'paragraph')
            editor.getEditorState().read(() => {
              setParagraphBreaks($selectionBreaksBefore(savedSelection.current));
              setParagraphSpacing($selectedSpacing(savedSelection.current));
            });
          setDialog(name);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  );

  const withSelection = (change: () => void) => {
    editor.update(() => {
      if (savedSelection.current) $setSelection(savedSelection.current.clone());
    });
    change();
    editor.focus();
  };
  const closeOn = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <FontDialog
        isOpen={dialog === 'font'}
        onOpenChange={closeOn}
        format={format}
        onApply={(patch) => withSelection(() => editor.update(() => $applyTextFormatPatch(patch)))}
      />
      <ParagraphDialog
        isOpen={dialog === 'paragraph'}
        onOpenChange={closeOn}
        breakBefore={paragraphBreaks}
        spacing={paragraphSpacing}
        onApply={(patch, breaks) =>
          withSelection(() => {
            const onlyBreaks = breaks !== null && isUnchangedParagraphPatch(patch);
            if (!onlyBreaks) applyParagraph(editor, patch);
            if (breaks !== null) setBreakBefore(editor, breaks);
          })
        }
      />
      <ListDialog
        isOpen={dialog === 'list'}
        onOpenChange={closeOn}
        current={listTypeOf(format)}
        onApply={(type, indent) => withSelection(() => applyList(editor, type, indent))}
      />
      <StyleDialog
        isOpen={dialog === 'style'}
        onOpenChange={closeOn}
        presets={presets}
        onApply={(next) => {
          onPresetsChange(next);
          toast.success(t.style.applied);
        }}
      />
      <FindReplaceDialog isOpen={dialog === 'find'} onOpenChange={closeOn} mode={findMode} />
      <ShortcutsDialog isOpen={dialog === 'shortcuts'} onOpenChange={closeOn} />
      <ImageDialog
        isOpen={dialog === 'image' && image !== null}
        onOpenChange={closeOn}
        altText={image?.altText ?? ''}
        width={image?.width ?? null}
        onApply={(altText, width) => {
          if (!image) return;
          // One update, so one undo step; the image stays selected.
          editor.update(() => {
            const node = $getNodeByKey(image.key);
            if (!$isImageNode(node)) return;
            node.setAltText(altText);
            node.setWidth(width);
            const selection = $createNodeSelection();
            selection.add(node.getKey());
            $setSelection(selection);
          });
          editor.focus();
        }}
      />
      <LinkDialog
        isOpen={dialog === 'link'}
        onOpenChange={closeOn}
        initialUrl={format.linkUrl}
        onApply={(url) => withSelection(() => editor.dispatchCommand(TOGGLE_LINK_COMMAND, url))}
      />
    </>
  );
}
