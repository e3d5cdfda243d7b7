import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { CLICK_COMMAND, COMMAND_PRIORITY_LOW, type NodeKey } from 'lexical';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../i18n/zh-CN';
import { OPEN_FORMULA_DIALOG_COMMAND } from './commands';
import { type FormulaEngine, loadedFormulaEngine, loadFormulaEngine } from './engine';

/** The KaTeX engine, loaded on first use; undefined until it has arrived (or when it failed to). */
export function useFormulaEngine(enabled = true): { engine: FormulaEngine | undefined; failed: boolean } {
  const [engine, setEngine] = useState(loadedFormulaEngine);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (engine || !enabled) return;
    let live = true;
    loadFormulaEngine().then(
      (loaded) => live && setEngine(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [engine, enabled]);
  return { engine, failed };
}

/** KaTeX's typesetting of `tex` put into an element (before paint, so no empty frame shows). */
export function TypesetFormula({
  tex,
  display,
  engine,
  className,
}: {
  tex: string;
  display: boolean;
  engine: FormulaEngine;
  className?: string;
}) {
  const target = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    target.current?.replaceChildren(...engine.render(tex, display).childNodes);
  }, [engine, tex, display]);
  // The formula's nodes are KaTeX's, put in by the layout effect above; React keeps the element empty.
  return <span ref={target} className={className} />;
}

/**
 * A formula on the paper, typeset by KaTeX (its LaTeX source shows until KaTeX has loaded). A click selects
 * it and opens the formula dialog on it; so does Enter while it is selected (FormulaPlugin).
 */
export function FormulaView({ nodeKey, tex, display }: { nodeKey: NodeKey; tex: string; display: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const { engine } = useFormulaEngine();
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(
    () =>
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          if (!(event.target instanceof Node) || !ref.current?.contains(event.target)) return false;
          clearSelection();
          setSelected(true);
          if (editor.isEditable()) editor.dispatchCommand(OPEN_FORMULA_DIALOG_COMMAND, { nodeKey });
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, nodeKey, clearSelection, setSelected],
  );

  return (
    // An image to assistive technology, named by its LaTeX: a click (or Enter once the arrow keys selected
    // it) opens it to edit, which the tooltip says; a <button> inside the editable text would take the caret.
    <span
      ref={ref}
      role="img"
      className="wx-ed-formula"
      data-formula={display ? 'display' : 'inline'}
      data-selected={isSelected || undefined}
      aria-label={t.formula.label(tex)}
      title={t.formula.editHint}
    >
      {engine ? (
        <TypesetFormula tex={tex} display={display} engine={engine} />
      ) : (
        <code className="wx-ed-formula-source">{display ? `$$${tex}$$` : `$${tex}$`}</code>
      )}
    </span>
  );
}
