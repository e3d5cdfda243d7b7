import { Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { Choice } from '../dialogs/Choice';
import { okCancelFooter } from '../dialogs/DialogParts';
import * as dialogCss from '../dialogs/dialogs.css';
import { t } from '../i18n/zh-CN';
import {
  MARGIN_KEYS,
  MARGIN_PRESET_KEYS,
  MARGIN_PRESETS,
  type MarginKey,
  type MarginPresetKey,
  marginPresetOf,
  type Orientation,
  PAPER_KEYS,
  type PageSetup,
  type PaperKey,
  textAreaMm,
  validateMargins,
} from './pageSetup';
import * as css from './pages.css';

export interface PageSetupDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The document's page setup when the dialog opens. */
  setup: PageSetup;
  onApply(setup: PageSetup): void;
}

type MarginTexts = Record<MarginKey, string>;

const PAPER_OPTIONS = PAPER_KEYS.map((id) => ({ id, label: t.pages.papers[id] }));
const ORIENTATION_OPTIONS = [
  { id: 'portrait' as const, label: t.pages.portrait },
  { id: 'landscape' as const, label: t.pages.landscape },
];
const PRESET_OPTIONS = [
  ...MARGIN_PRESET_KEYS.map((id) => ({ id, label: t.pages.presets[id] })),
  { id: 'custom' as const, label: t.pages.custom },
];
/** What a margin field may hold while typed: a number of at most three digits and one decimal. */
const MARGIN_TEXT_MAX = 6;

const textsOf = (margins: PageSetup['margins']): MarginTexts =>
  Object.fromEntries(MARGIN_KEYS.map((k) => [k, String(margins[k])])) as MarginTexts;

/** A typed margin as a number: NaN when it is not one. */
function parseMargin(text: string): number {
  const value = text.trim().replace(/，/g, '.').replace(/。/g, '.');
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * 页面设置: the paper (A4 by default, A3, A5, ISO B5, 16 开, Letter), its orientation, and the margins in
 * millimetres, typed or taken from a preset (普通, 窄, 适中, 宽, 公文). A wrong margin is named under its
 * field and the dialog stays open; the text area the margins leave is shown as they are typed.
 */
export function PageSetupDialog({ isOpen, onOpenChange, setup, onApply }: PageSetupDialogProps) {
  const [paper, setPaper] = useState<PaperKey>(setup.paper);
  const [orientation, setOrientation] = useState<Orientation>(setup.orientation);
  const [texts, setTexts] = useState<MarginTexts>(() => textsOf(setup.margins));
  const [showErrors, setShowErrors] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setPaper(setup.paper);
    setOrientation(setup.orientation);
    setTexts(textsOf(setup.margins));
    setShowErrors(false);
  }, [isOpen, setup]);

  const margins = Object.fromEntries(MARGIN_KEYS.map((k) => [k, parseMargin(texts[k])])) as Record<
    MarginKey,
    number
  >;
  const errors = validateMargins(paper, orientation, margins);
  const valid = Object.keys(errors).length === 0;
  const preset: MarginPresetKey | 'custom' = valid
    ? (marginPresetOf({ paper, orientation, margins }) ?? 'custom')
    : 'custom';
  const area = textAreaMm({ paper, orientation, margins });
  const round = (n: number) => String(Math.round(n * 10) / 10);

  const choosePreset = (key: MarginPresetKey | 'custom') => {
    if (key === 'custom') return;
    const chosen = MARGIN_PRESETS[key];
    setTexts(textsOf(chosen.margins));
    // 公文 is a page as well as margins: A4, portrait.
    if (chosen.paper) {
      setPaper(chosen.paper);
      setOrientation('portrait');
    }
  };

  return (
    <Dialog
      title={t.pages.setupTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        if (!valid) {
          setShowErrors(true);
          return;
        }
        onApply({ paper, orientation, margins });
        close();
      })}
    >
      <div className={dialogCss.dialogStack}>
        <div className={dialogCss.dialogGrid}>
          <Choice label={t.pages.paper} value={paper} onChange={setPaper} options={PAPER_OPTIONS} />
          <Choice
            label={t.pages.orientation}
            value={orientation}
            onChange={setOrientation}
            options={ORIENTATION_OPTIONS}
          />
        </div>
        <Choice
          label={t.pages.marginPreset}
          value={preset}
          onChange={choosePreset}
          options={PRESET_OPTIONS}
        />
        <fieldset className={css.marginFields}>
          <legend className={css.marginLegend}>{t.pages.margins}</legend>
          {MARGIN_KEYS.map((key) => {
            // An error shows once the field was changed or 确定 was pressed; the range one at once.
            const error = errors[key];
            return (
              <TextField
                key={key}
                label={t.pages[key]}
                value={texts[key]}
                inputMode="decimal"
                maxLength={MARGIN_TEXT_MAX}
                onChange={(value) => {
                  setTexts((current) => ({ ...current, [key]: value }));
                  setShowErrors(true);
                }}
                isInvalid={showErrors && error !== undefined}
                {...(showErrors && error ? { errorMessage: error } : {})}
              />
            );
          })}
        </fieldset>
        {valid ? (
          <p className={dialogCss.dialogHint} aria-live="polite">
            {t.pages.textArea(round(area.widthMm), round(area.heightMm))}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
