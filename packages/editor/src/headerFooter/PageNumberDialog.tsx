import { Button, Checkbox, Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { Choice } from '../dialogs/Choice';
import { okCancelFooter } from '../dialogs/DialogParts';
import * as dialogCss from '../dialogs/dialogs.css';
import { t } from '../i18n/zh-CN';
import {
  BAND_KEYS,
  type BandKey,
  type HeaderFooter,
  PAGE_FIELD,
  PAGE_NUMBER_STYLES,
  type PageNumberStyle,
  SLOT_KEYS,
  type SlotKey,
  START_AT_MAX,
  withoutPageNumbers,
  withPageNumber,
} from './model';

export interface PageNumberDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  setting: HeaderFooter;
  onApply(setting: HeaderFooter, removed: boolean): void;
}

const BAND_OPTIONS = BAND_KEYS.map((id) => ({ id, label: t.headerFooter[id] }));
const SLOT_OPTIONS = SLOT_KEYS.map((id) => ({ id, label: t.headerFooter[id] }));
const STYLE_OPTIONS = (Object.keys(PAGE_NUMBER_STYLES) as PageNumberStyle[]).map((id) => ({
  id,
  label: t.headerFooter.styles[id],
}));

/** Where the document shows its number now, and in which style: what the dialog opens on. */
function current(setting: HeaderFooter): { band: BandKey; slot: SlotKey; style: PageNumberStyle } {
  for (const band of ['footer', 'header'] as const)
    for (const slot of ['center', 'right', 'left'] as const) {
      const text = setting[band][slot];
      if (!text.includes(PAGE_FIELD)) continue;
      const style = (Object.keys(PAGE_NUMBER_STYLES) as PageNumberStyle[]).find(
        (key) => PAGE_NUMBER_STYLES[key] === text,
      );
      return { band, slot, style: style ?? 'chineseOfTotal' };
    }
  return { band: 'footer', slot: 'center', style: 'plain' };
}

/** The start number typed, or null when it is not a whole number of 0–9999. */
function parseStart(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n <= START_AT_MAX ? n : null;
}

/**
 * 插入 › 页码: a page number in the header or the footer, at the left, the centre or the right, in one of
 * the usual styles (1, - 1 -, 公文's — 1 —, 第 1 页, 第 1 页，共 N 页, 1/N), counted from a chosen number,
 * with or without one on the first page; 删除页码 takes every number away.
 */
export function PageNumberDialog({ isOpen, onOpenChange, setting, onApply }: PageNumberDialogProps) {
  const [band, setBand] = useState<BandKey>('footer');
  const [slot, setSlot] = useState<SlotKey>('center');
  const [style, setStyle] = useState<PageNumberStyle>('plain');
  const [start, setStart] = useState('1');
  const [skipFirst, setSkipFirst] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    const now = current(setting);
    setBand(now.band);
    setSlot(now.slot);
    setStyle(now.style);
    setStart(String(setting.startAt));
    setSkipFirst(setting.differentFirst);
  }, [isOpen, setting]);

  const startAt = parseStart(start);

  return (
    <Dialog
      title={t.headerFooter.pageNumberTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter(
        (close) => {
          if (startAt === null) return;
          onApply(withPageNumber(setting, { band, slot }, style, { startAt, skipFirst }), false);
          close();
        },
        {
          before: (
            <Button
              variant="ghost"
              onPress={() => {
                onApply(withoutPageNumbers(setting), true);
                onOpenChange(false);
              }}
            >
              {t.headerFooter.removeNumbers}
            </Button>
          ),
        },
      )}
    >
      <div className={dialogCss.dialogStack}>
        <div className={dialogCss.dialogGrid}>
          <Choice label={t.headerFooter.position} value={band} onChange={setBand} options={BAND_OPTIONS} />
          <Choice label={t.headerFooter.alignment} value={slot} onChange={setSlot} options={SLOT_OPTIONS} />
        </div>
        <div className={dialogCss.dialogGrid}>
          <Choice label={t.headerFooter.style} value={style} onChange={setStyle} options={STYLE_OPTIONS} />
          <TextField
            label={t.headerFooter.startAt}
            value={start}
            inputMode="numeric"
            maxLength={4}
            onChange={setStart}
            isInvalid={startAt === null}
            {...(startAt === null ? { errorMessage: t.headerFooter.startAtError(START_AT_MAX) } : {})}
          />
        </div>
        <Checkbox isSelected={skipFirst} onChange={setSkipFirst}>
          {t.headerFooter.skipFirst}
        </Checkbox>
      </div>
    </Dialog>
  );
}
