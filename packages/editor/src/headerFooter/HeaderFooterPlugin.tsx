import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { toast } from '@wanxiang/ui';
import { COMMAND_PRIORITY_EDITOR, mergeRegister } from 'lexical';
import { useEffect, useLayoutEffect, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { useAdoptedStylesheet } from '../styles/useAdoptedStylesheet';
import { OPEN_HEADER_FOOTER_COMMAND, OPEN_PAGE_NUMBER_COMMAND } from './commands';
import { HeaderFooterDialog } from './HeaderFooterDialog';
import { type HeaderFooter, sameHeaderFooter } from './model';
import { PageNumberDialog } from './PageNumberDialog';
import { printBandsStylesheet } from './printBands';
import { SHEET_BAND_ATTRIBUTE } from './sheetBands';
import { $getHeaderFooter, setHeaderFooter } from './state';

/**
 * 页眉和页脚 and 页码 for one editor: follows the document's setting, opens the two dialogs (from the menu,
 * or by a double click on a sheet's header or footer in page view), and keeps the print stylesheet's page
 * margin boxes in the page. The sheets themselves are drawn by the page view (sheetBands.ts).
 */
export function HeaderFooterPlugin({ paperId }: { paperId: string }) {
  const [editor] = useLexicalComposerContext();
  const [setting, setSetting] = useState<HeaderFooter>(() => editor.getEditorState().read($getHeaderFooter));
  const [open, setOpen] = useState<'bands' | 'number' | null>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($getHeaderFooter);
          setSetting((current) => (sameHeaderFooter(current, next) ? current : next));
        }),
        editor.registerCommand(
          OPEN_HEADER_FOOTER_COMMAND,
          () => {
            setOpen('bands');
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          OPEN_PAGE_NUMBER_COMMAND,
          () => {
            setOpen('number');
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );

  // A double click on a sheet's header or footer edits them, as in Word and WPS.
  useEffect(() => {
    const paper = document.querySelector<HTMLElement>(`[data-wx-paper="${paperId}"]`);
    if (!paper) return;
    const onDoubleClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest(`[${SHEET_BAND_ATTRIBUTE}]`)) setOpen('bands');
    };
    paper.addEventListener('dblclick', onDoubleClick);
    return () => paper.removeEventListener('dblclick', onDoubleClick);
  }, [paperId]);

  // The printed pages' bands, in the paper's own face: margin boxes inherit nothing from the document.
  const [font, setFont] = useState('sans-serif');
  useLayoutEffect(() => {
    const paper = document.querySelector<HTMLElement>(`[data-wx-paper="${paperId}"]`);
    if (paper) setFont(getComputedStyle(paper).fontFamily || 'sans-serif');
  }, [paperId]);
  useAdoptedStylesheet(printBandsStylesheet(setting, font));

  const close = (isOpen: boolean) => {
    if (isOpen) return;
    setOpen(null);
    editor.focus();
  };
  const apply = (next: HeaderFooter, message: string) => {
    if (sameHeaderFooter(next, setting)) return;
    setHeaderFooter(editor, next);
    toast.success(message);
  };

  return (
    <>
      <HeaderFooterDialog
        isOpen={open === 'bands'}
        onOpenChange={close}
        setting={setting}
        onApply={(next) => apply(next, t.headerFooter.applied)}
      />
      <PageNumberDialog
        isOpen={open === 'number'}
        onOpenChange={close}
        setting={setting}
        onApply={(next, removed) =>
          apply(next, removed ? t.headerFooter.numbersRemoved : t.headerFooter.applied)
        }
      />
    </>
  );
}
