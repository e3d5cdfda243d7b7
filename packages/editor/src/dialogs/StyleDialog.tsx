import { Button, Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import { LINE_HEIGHT_MULTIPLE_STEP } from '../format/units';
import { t } from '../i18n/zh-CN';
import {
  DEFAULT_STYLE_PRESETS,
  presetDeclarations,
  STYLE_PRESET_KEYS,
  type StylePreset,
  type StylePresetKey,
  type StylePresets,
} from '../styles/presets';
import { Choice, KindField, MeasureField, NumberField } from './Choice';
import { ColorField, FontFlags, okCancelFooter } from './DialogParts';
import * as css from './dialogs.css';
import {
  FONT_FAMILY_OPTIONS,
  INDENT_UNIT_OPTIONS,
  LENGTH_UNIT_OPTIONS,
  LINE_HEIGHT_KIND_OPTIONS,
  parseNumber,
  SPECIAL_INDENT_OPTIONS,
} from './options';

export interface StyleDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  presets: StylePresets;
  onApply(presets: StylePresets): void;
}

const toCamel = (property: string) => property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** 样式: edit the nine presets; 确定 applies them to the whole document. */
export function StyleDialog({ isOpen, onOpenChange, presets, onApply }: StyleDialogProps) {
  const [draft, setDraft] = useState<StylePresets>(presets);
  const [key, setKey] = useState<StylePresetKey>('paragraph');
  useEffect(() => {
    if (isOpen) setDraft(structuredClone(presets));
  }, [isOpen, presets]);
  const preset = draft[key];
  const update = (change: Partial<StylePreset>) =>
    setDraft((d) => ({ ...d, [key]: { ...d[key], ...change } }));
  const lh = preset.lineHeightAdv;
  const si = preset.specialIndent;

  return (
    <Dialog
      title={t.style.title}
      size="lg"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={okCancelFooter(
        (close) => {
          onApply(draft);
          close();
        },
        {
          before: (
            <Button
              variant="ghost"
              onPress={() => setDraft((d) => ({ ...d, [key]: structuredClone(DEFAULT_STYLE_PRESETS[key]) }))}
            >
              {t.style.reset}
            </Button>
          ),
        },
      )}
    >
      <div className={css.dialogStack}>
        <Choice
          label={t.style.preset}
          value={key}
          onChange={setKey}
          options={STYLE_PRESET_KEYS.map((k) => ({ id: k, label: t.style.names[k] }))}
        />
        <div className={css.dialogGrid}>
          <Choice
            label={t.font.family}
            value={preset.fontFamily || 'default'}
            onChange={(v) => update({ fontFamily: v === 'default' ? '' : v })}
            options={FONT_FAMILY_OPTIONS}
          />
          <NumberField
            label={t.style.fontSizePx}
            value={String(preset.fontSizePx)}
            min={1}
            step={0.5}
            onChange={(v) => {
              const fontSizePx = parseNumber(v, (n) => n >= 1 && n <= 400);
              if (fontSizePx !== null) update({ fontSizePx });
            }}
          />
        </div>
        <FontFlags flags={preset} onChange={(flag, on) => update({ [flag]: on })} />
        <div className={css.dialogRow}>
          <ColorField
            label={t.font.color}
            value={preset.color || '#111111'}
            onChange={(color) => update({ color })}
          />
          <ColorField
            label={t.font.highlight}
            value={preset.highlight || '#ffffff'}
            onChange={(highlight) => update({ highlight })}
          />
        </div>
        <KindField
          label={t.paragraph.lineHeight}
          value={lh.kind}
          onChange={(kind) =>
            update({
              lineHeightAdv:
                kind === 'exact'
                  ? { kind, value: 20, unit: 'pt' }
                  : { kind, value: kind === 'preset' ? 1.5 : lh.value },
            })
          }
          options={LINE_HEIGHT_KIND_OPTIONS}
        >
          <MeasureField
            value={String(lh.value)}
            step={lh.kind === 'exact' ? 1 : LINE_HEIGHT_MULTIPLE_STEP}
            onChange={(v) => {
              const value = parseNumber(v, (n) => n > 0);
              if (value !== null) update({ lineHeightAdv: { ...lh, value } });
            }}
            unit={
              lh.kind === 'exact'
                ? {
                    value: lh.unit,
                    options: LENGTH_UNIT_OPTIONS,
                    onChange: (unit) => update({ lineHeightAdv: { ...lh, unit } }),
                  }
                : null
            }
          />
        </KindField>
        <KindField
          label={t.paragraph.special}
          value={si.kind}
          onChange={(kind) =>
            update({ specialIndent: kind === 'none' ? { kind } : { kind, value: 2, unit: 'char' } })
          }
          options={SPECIAL_INDENT_OPTIONS}
        >
          {si.kind !== 'none' ? (
            <MeasureField
              value={String(si.value)}
              step={0.5}
              onChange={(v) => {
                const value = parseNumber(v, (n) => n >= 0);
                if (value !== null) update({ specialIndent: { ...si, value } });
              }}
              unit={{
                value: si.unit,
                options: INDENT_UNIT_OPTIONS,
                onChange: (unit) => update({ specialIndent: { ...si, unit } }),
              }}
            />
          ) : (
            <span />
          )}
        </KindField>
        <div
          className={css.preview}
          style={Object.fromEntries(
            Object.entries(presetDeclarations(preset)).map(([p, v]) => [toCamel(p), v]),
          )}
        >
          {t.style.names[key]} · {t.font.previewText}
        </div>
      </div>
    </Dialog>
  );
}
