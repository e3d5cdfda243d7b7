import { Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { Choice } from '../dialogs/Choice';
import { okCancelFooter } from '../dialogs/DialogParts';
import * as dialogCss from '../dialogs/dialogs.css';
import type { ChoiceOptions } from '../dialogs/options';
import { t } from '../i18n/zh-CN';
import type { NoteSettingsChange } from './noteCommands';
import { NOTE_NUMBER_FORMATS, type NoteKind, type NoteNumberFormat } from './numbering';

const FORMAT_OPTIONS: ChoiceOptions<NoteNumberFormat> = NOTE_NUMBER_FORMATS.map((id) => ({
  id,
  label: t.notes.formats[id],
}));

type ConvertChoice = 'none' | 'allFootnotes' | 'allEndnotes' | 'this';

export interface NotesDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  formats: Readonly<Record<NoteKind, NoteNumberFormat>>;
  counts: Readonly<Record<NoteKind, number>>;
  /** The note the caret (or the active note) is at, for 转换此注释. */
  current: { id: string; kind: NoteKind; marker: string } | null;
  onApply(change: NoteSettingsChange): void;
}

const word = (kind: NoteKind) => (kind === 'footnote' ? t.notes.footnoteWord : t.notes.endnoteWord);

/** 脚注和尾注: each kind's number style, and converting notes from one kind to the other. */
export function NotesDialog({ isOpen, onOpenChange, formats, counts, current, onApply }: NotesDialogProps) {
  const [footnote, setFootnote] = useState(formats.footnote);
  const [endnote, setEndnote] = useState(formats.endnote);
  const [convert, setConvert] = useState<ConvertChoice>('none');
  useEffect(() => {
    if (isOpen) {
      setFootnote(formats.footnote);
      setEndnote(formats.endnote);
      setConvert('none');
    }
  }, [isOpen, formats]);

  const convertOptions: Array<{ id: ConvertChoice; label: string }> = [
    { id: 'none', label: t.notes.convertNone },
  ];
  if (current) {
    const to = current.kind === 'footnote' ? 'endnote' : 'footnote';
    convertOptions.push({
      id: 'this',
      label: t.notes.convertThis(word(current.kind), current.marker, word(to)),
    });
  }
  if (counts.footnote)
    convertOptions.push({ id: 'allFootnotes', label: t.notes.convertAllToEndnotes(counts.footnote) });
  if (counts.endnote)
    convertOptions.push({ id: 'allEndnotes', label: t.notes.convertAllToFootnotes(counts.endnote) });

  return (
    <Dialog
      title={t.notes.dialogTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter((close) => {
        onApply({
          formats: { footnote, endnote },
          ...(convert === 'allFootnotes' ? { convertAll: 'footnote' as const } : {}),
          ...(convert === 'allEndnotes' ? { convertAll: 'endnote' as const } : {}),
          ...(convert === 'this' && current ? { convertId: current.id } : {}),
        });
        close();
      })}
    >
      <div className={dialogCss.dialogStack}>
        <Choice
          label={t.notes.footnoteFormat}
          value={footnote}
          onChange={setFootnote}
          options={FORMAT_OPTIONS}
        />
        <Choice
          label={t.notes.endnoteFormat}
          value={endnote}
          onChange={setEndnote}
          options={FORMAT_OPTIONS}
        />
        <Choice
          label={t.notes.convert}
          value={convert}
          onChange={setConvert}
          options={convertOptions}
          isDisabled={convertOptions.length === 1}
        />
        <p className={dialogCss.dialogHint}>{t.notes.convertHint}</p>
      </div>
    </Dialog>
  );
}
