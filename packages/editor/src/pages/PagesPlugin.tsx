import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { toast } from '@wanxiang/ui';
import { COMMAND_PRIORITY_EDITOR, mergeRegister } from 'lexical';
import { useEffect, useLayoutEffect, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { useAdoptedStylesheet } from '../styles/useAdoptedStylesheet';
import { OPEN_PAGE_SETUP_COMMAND, PRINT_DOCUMENT_COMMAND } from './commands';
import { PageSetupDialog } from './PageSetupDialog';
import { MARGIN_KEYS, mmToPx, type PageSetup, pageSizeMm, samePageSetup } from './pageSetup';
import { $getPageSetup, setPageSetup } from './pageSetupState';
import { printStylesheet } from './printStylesheet';

/**
 * The paper's css variables for a page setup: its width and height, and each margin in px and as a share of
 * the page's width (the paper narrows on a narrow stage, and its side margins with it).
 */
export function paperVariables(setup: PageSetup): Record<string, string> {
  const { widthMm, heightMm } = pageSizeMm(setup);
  const vars: Record<string, string> = {
    '--wx-page-w': `${mmToPx(widthMm).toFixed(2)}px`,
    '--wx-page-h': `${mmToPx(heightMm).toFixed(2)}px`,
  };
  for (const key of MARGIN_KEYS) {
    vars[`--wx-margin-${key}`] = `${mmToPx(setup.margins[key]).toFixed(2)}px`;
    vars[`--wx-margin-${key}-pct`] = `${((setup.margins[key] / widthMm) * 100).toFixed(4)}%`;
  }
  return vars;
}

/**
 * 页面设置 and 打印 for one editor: follows the document's page setup (in its root), lays the paper out to
 * it (its width the page's, its padding the margins, so the lines break where they will on paper), keeps
 * the print stylesheet for it in the page, opens the dialog, and prints under the document's title.
 */
export function PagesPlugin({ paperId, title }: { paperId: string; title: string }) {
  const [editor] = useLexicalComposerContext();
  const [setup, setSetup] = useState<PageSetup>(() => editor.getEditorState().read($getPageSetup));
  const [isOpen, setOpen] = useState(false);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($getPageSetup);
          setSetup((current) => (samePageSetup(current, next) ? current : next));
        }),
        editor.registerCommand(
          OPEN_PAGE_SETUP_COMMAND,
          () => {
            setOpen(true);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          PRINT_DOCUMENT_COMMAND,
          () => {
            try {
              window.print();
            } catch {
              toast.error(t.pages.printFailed);
            }
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );

  // The paper's row holds the variables: its width follows the page's, the paper's padding the margins.
  useLayoutEffect(() => {
    const row = document.querySelector<HTMLElement>(`[data-wx-paper="${paperId}"]`)?.parentElement;
    if (!row) return;
    const vars = paperVariables(setup);
    for (const [name, value] of Object.entries(vars)) row.style.setProperty(name, value);
    row.dataset.wxPaperSize = `${setup.paper}-${setup.orientation}`;
  }, [paperId, setup]);

  // The print stylesheet, in the page while the editor is: a constructed sheet, as the style presets' are,
  // which the page's content security policy allows where an inline <style> would be refused.
  useAdoptedStylesheet(printStylesheet(paperId, setup));

  // A printed (or saved as PDF) copy is named after the document, as its PDF export is.
  useEffect(() => {
    let before: string | null = null;
    const onBefore = () => {
      before = document.title;
      if (title) document.title = title;
    };
    const onAfter = () => {
      if (before !== null) document.title = before;
      before = null;
    };
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
    return () => {
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
    };
  }, [title]);

  return (
    <PageSetupDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) editor.focus();
      }}
      setup={setup}
      onApply={(next) => {
        if (!samePageSetup(next, setup)) setPageSetup(editor, next);
      }}
    />
  );
}
