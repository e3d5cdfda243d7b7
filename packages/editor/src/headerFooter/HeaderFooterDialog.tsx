import { Button, Checkbox, Dialog, TextField } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';
import { okCancelFooter } from '../dialogs/DialogParts';
import * as dialogCss from '../dialogs/dialogs.css';
import { t } from '../i18n/zh-CN';
import * as css from './headerFooter.css';
import {
  type Band,
  type HeaderFooter,
  PAGE_FIELD,
  PAGES_FIELD,
  SLOT_KEYS,
  SLOT_MAX_CHARS,
  type SlotKey,
} from './model';

export interface HeaderFooterDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The document's setting when the dialog opens. */
  setting: HeaderFooter;
  onApply(setting: HeaderFooter): void;
}

type EditableBand = 'header' | 'footer' | 'firstHeader' | 'firstFooter';

/** Where the caret was in the field last left: the field buttons insert there. */
interface Caret {
  band: EditableBand;
  slot: SlotKey;
  at: number;
}

function BandFields({
  band,
  value,
  onChange,
  onLeave,
}: {
  band: EditableBand;
  value: Band;
  onChange(slot: SlotKey, text: string): void;
  onLeave(caret: Caret): void;
}) {
  return (
    <fieldset className={css.band}>
      <legend className={css.bandLegend}>{t.headerFooter[band]}</legend>
      {SLOT_KEYS.map((slot) => (
        <TextField
          key={slot}
          label={t.headerFooter[slot]}
          value={value[slot]}
          maxLength={SLOT_MAX_CHARS}
          onChange={(text) => onChange(slot, text)}
          onBlur={(event) => {
            const input = event.target as HTMLInputElement;
            onLeave({ band, slot, at: input.selectionStart ?? input.value.length });
          }}
        />
      ))}
    </fieldset>
  );
}

/**
 * 页眉和页脚: the text of the header's and the footer's three places (left, centre, right), with the page
 * number and the page count as fields ({页码}, {总页数}) put where the caret was by two buttons, and
 * 首页不同 for a first page with bands of its own.
 */
export function HeaderFooterDialog({ isOpen, onOpenChange, setting, onApply }: HeaderFooterDialogProps) {
  const [draft, setDraft] = useState<HeaderFooter>(setting);
  const caret = useRef<Caret>({ band: 'footer', slot: 'center', at: setting.footer.center.length });

  useEffect(() => {
    if (!isOpen) return;
    setDraft(setting);
    caret.current = { band: 'footer', slot: 'center', at: setting.footer.center.length };
  }, [isOpen, setting]);

  const change = (band: EditableBand) => (slot: SlotKey, text: string) =>
    setDraft((current) => ({ ...current, [band]: { ...current[band], [slot]: text } }));

  const insertField = (field: string) => {
    const { band, slot, at } = caret.current;
    setDraft((current) => {
      const text = current[band][slot];
      const next = `${text.slice(0, at)}${field}${text.slice(at)}`;
      if ([...next].length > SLOT_MAX_CHARS) return current;
      caret.current = { band, slot, at: at + field.length };
      return { ...current, [band]: { ...current[band], [slot]: next } };
    });
  };

  const leave = (next: Caret) => {
    caret.current = next;
  };

  return (
    <Dialog
      title={t.headerFooter.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        onApply(draft);
        close();
      })}
    >
      <div className={dialogCss.dialogStack}>
        <BandFields band="header" value={draft.header} onChange={change('header')} onLeave={leave} />
        <BandFields band="footer" value={draft.footer} onChange={change('footer')} onLeave={leave} />
        <div className={dialogCss.dialogRow}>
          <Button variant="secondary" onPress={() => insertField(PAGE_FIELD)}>
            {t.headerFooter.insertPage}
          </Button>
          <Button variant="secondary" onPress={() => insertField(PAGES_FIELD)}>
            {t.headerFooter.insertPages}
          </Button>
        </div>
        <p className={dialogCss.dialogHint}>{t.headerFooter.fieldsHint}</p>
        <Checkbox
          isSelected={draft.differentFirst}
          onChange={(on) => setDraft((current) => ({ ...current, differentFirst: on }))}
        >
          {t.headerFooter.differentFirst}
        </Checkbox>
        {draft.differentFirst ? (
          <>
            <BandFields
              band="firstHeader"
              value={draft.firstHeader}
              onChange={change('firstHeader')}
              onLeave={leave}
            />
            <BandFields
              band="firstFooter"
              value={draft.firstFooter}
              onChange={change('firstFooter')}
              onLeave={leave}
            />
          </>
        ) : null}
        <p className={dialogCss.dialogHint}>{t.headerFooter.viewHint}</p>
      </div>
    </Dialog>
  );
}
