import { Button, Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Choice } from '../dialogs/Choice';
import * as dialogs from '../dialogs/dialogs.css';
import { t } from '../i18n/zh-CN';
import { TypesetFormula, useFormulaEngine } from './FormulaView';
import * as css from './formula.css';
import { formulaProblem } from './formulaCheck';
import { FORMULA_MAX } from './formulaModel';

/** The quick templates: what each inserts at the caret of the source. */
export const FORMULA_TEMPLATES = [
  { id: 'fraction', tex: '\\frac{a}{b}' },
  { id: 'scripts', tex: 'x_{i}^{2}' },
  { id: 'radical', tex: '\\sqrt{x}' },
  { id: 'sum', tex: '\\sum_{i=1}^{n} a_i' },
  { id: 'integral', tex: '\\int_{a}^{b} f(x)\\,dx' },
  { id: 'matrix', tex: '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}' },
] as const satisfies ReadonlyArray<{ id: keyof typeof t.formula.template; tex: string }>;

export interface FormulaDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The formula being edited; absent for a new one. */
  initial?: { tex: string; display: boolean } | undefined;
  onSubmit(tex: string, display: boolean): void;
}

/**
 * 插入 › 公式 and a formula's editing: its LaTeX, typeset live beside what is wrong with it (in Chinese,
 * never thrown), inline or on its own line, and templates that put the common structures at the caret.
 */
export function FormulaDialog({ isOpen, onOpenChange, initial, onSubmit }: FormulaDialogProps) {
  const [tex, setTex] = useState('');
  const [display, setDisplay] = useState(false);
  const [touched, setTouched] = useState(false);
  const { engine, failed } = useFormulaEngine(isOpen);
  const sourceRef = useRef<HTMLDivElement>(null);
  const caret = useRef<number | null>(null);
  const previewId = useId();

  useEffect(() => {
    if (!isOpen) return;
    setTex(initial?.tex ?? '');
    setDisplay(initial?.display ?? false);
    setTouched(false);
  }, [isOpen, initial]);

  // After a template went in, the caret goes after it.
  useEffect(() => {
    const at = caret.current;
    const area = sourceRef.current?.querySelector('textarea');
    if (at === null || !area) return;
    caret.current = null;
    area.focus();
    area.setSelectionRange(at, at);
  });

  const problem = engine ? formulaProblem(engine.katex, tex) : null;
  const shownProblem = problem && (touched || tex.trim()) ? problem : null;

  const insertTemplate = (snippet: string) => {
    const area = sourceRef.current?.querySelector('textarea');
    const start = area?.selectionStart ?? tex.length;
    const end = area?.selectionEnd ?? tex.length;
    const next = `${tex.slice(0, start)}${snippet}${tex.slice(end)}`;
    if ([...next].length > FORMULA_MAX) return;
    caret.current = start + snippet.length;
    setTex(next);
  };

  const submit = (close: () => void) => {
    setTouched(true);
    if (!engine || problem) return;
    onSubmit(tex, display);
    close();
  };

  return (
    <Dialog
      title={initial ? t.formula.editTitle : t.formula.insertTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      size="lg"
      footer={(close) => (
        <>
          <Button variant="ghost" onPress={close}>
            {t.dialogs.cancel}
          </Button>
          <Button variant="primary" isDisabled={!engine} onPress={() => submit(close)}>
            {initial ? t.formula.update : t.formula.insert}
          </Button>
        </>
      )}
    >
      <div className={dialogs.dialogStack}>
        <div ref={sourceRef} className={css.source}>
          <TextField
            label={t.formula.source}
            description={t.formula.sourceHint}
            placeholder={t.formula.placeholder}
            multiline
            rows={4}
            value={tex}
            maxLength={FORMULA_MAX}
            onChange={setTex}
            autoFocus
          />
        </div>
        <div className={css.templates}>
          <span className={css.templatesLabel}>{t.formula.templates}</span>
          {FORMULA_TEMPLATES.map((template) => (
            <Button
              key={template.id}
              size="sm"
              variant="secondary"
              onPress={() => insertTemplate(template.tex)}
            >
              {t.formula.template[template.id]}
            </Button>
          ))}
        </div>
        <Choice
          label={t.formula.mode}
          value={display ? 'display' : 'inline'}
          options={[
            { id: 'inline', label: t.formula.inline },
            { id: 'display', label: t.formula.display },
          ]}
          onChange={(mode) => setDisplay(mode === 'display')}
        />
        <div className={css.previewRow}>
          <span className={dialogs.dialogHint} id={previewId}>
            {t.formula.preview}
          </span>
          <div className={css.preview} role="img" aria-labelledby={previewId} data-testid="formula-preview">
            {engine && tex.trim() ? (
              <TypesetFormula tex={tex} display={display} engine={engine} />
            ) : (
              <span className={dialogs.dialogHint}>
                {failed ? t.formula.loadFailed : engine ? t.formula.previewEmpty : t.formula.loading}
              </span>
            )}
          </div>
          <p className={dialogs.dialogError} role="status">
            {shownProblem ?? ''}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
