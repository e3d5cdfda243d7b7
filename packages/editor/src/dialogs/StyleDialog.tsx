import { Button, Checkbox, Dialog } from '@wanxiang/ui';
import { useEffect, useState } from 'react';
import * as css from '../editor/WordEditor.css';
import { FONT_FAMILIES, type LengthUnit, LINE_HEIGHT_MULTIPLE_STEP } from '../format/units';
import { t } from '../i18n/zh-CN';
import {
  DEFAULT_STYLE_PRESETS,
  presetDeclarations,
  STYLE_PRESET_KEYS,
  type StylePreset,
  type StylePresetKey,
  type StylePresets,
} from '../styles/presets';
import { Choice, NumberInput } from './Choice';

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
      footer={(close) => (
        <>
          <Button
            variant="ghost"
            onPress={() => setDraft((d) => ({ ...d, [key]: structuredClone(DEFAULT_STYLE_PRESETS[key]) }))}
          >
            {t.style.reset}
          </Button>
          <Button variant="ghost" onPress={close}>
            {t.dialogs.cancel}
          </Button>
          <Button
            variant="primary"
            onPress={() => {
              onApply(draft);
              close();
            }}
          >
            {t.dialogs.ok}
          </Button>
        </>
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
            options={[
              { id: 'default', label: t.font.defaultFamily },
              ...FONT_FAMILIES.map((f) => ({ id: f.key, label: f.label })),
            ]}
          />
          <div className={css.fieldLabel}>
            {t.style.fontSizePx}
            <NumberInput
              label={t.style.fontSizePx}
              className={css.nativeInput}
              value={String(preset.fontSizePx)}
              min={1}
              step={0.5}
              onChange={(v) => {
                const n = Number(v);
                if (v.trim() && Number.isFinite(n) && n >= 1 && n <= 400) update({ fontSizePx: n });
              }}
            />
          </div>
        </div>
        <div className={css.dialogRow}>
          {(['bold', 'italic', 'underline', 'strike'] as const).map((flag) => (
            <Checkbox key={flag} isSelected={preset[flag]} onChange={(on) => update({ [flag]: on })}>
              {t.font[flag]}
            </Checkbox>
          ))}
        </div>
        <div className={css.dialogRow}>
          <label className={css.fieldLabel}>
            {t.font.color}
            <input
              type="color"
              className={css.colorInput}
              value={preset.color || '#111111'}
              onChange={(e) => update({ color: e.target.value })}
            />
          </label>
          <label className={css.fieldLabel}>
            {t.font.highlight}
            <input
              type="color"
              className={css.colorInput}
              value={preset.highlight || '#ffffff'}
              onChange={(e) => update({ highlight: e.target.value })}
            />
          </label>
        </div>
        <div className={css.dialogGrid}>
          <Choice
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
            options={[
              { id: 'preset', label: t.paragraph.preset },
              { id: 'multiple', label: t.paragraph.multiple },
              { id: 'exact', label: t.paragraph.exact },
            ]}
          />
          <div className={css.dialogRow}>
            <div className={css.fieldLabel}>
              {t.paragraph.value}
              <NumberInput
                label={t.paragraph.value}
                className={css.nativeInput}
                value={String(lh.value)}
                min={0}
                step={lh.kind === 'exact' ? 1 : LINE_HEIGHT_MULTIPLE_STEP}
                onChange={(v) => {
                  const n = Number(v);
                  if (v.trim() && Number.isFinite(n) && n > 0)
                    update({ lineHeightAdv: { ...lh, value: n } as typeof lh });
                }}
              />
            </div>
            {lh.kind === 'exact' ? (
              <Choice<LengthUnit>
                label={t.font.unit}
                value={lh.unit}
                onChange={(unit) => update({ lineHeightAdv: { ...lh, unit } })}
                options={[
                  { id: 'pt', label: 'pt' },
                  { id: 'mm', label: 'mm' },
                  { id: 'px', label: 'px' },
                ]}
              />
            ) : null}
          </div>
        </div>
        <div className={css.dialogGrid}>
          <Choice
            label={t.paragraph.special}
            value={si.kind}
            onChange={(kind) =>
              update({ specialIndent: kind === 'none' ? { kind } : { kind, value: 2, unit: 'char' } })
            }
            options={[
              { id: 'none', label: t.paragraph.none },
              { id: 'firstLine', label: t.paragraph.firstLine },
              { id: 'hanging', label: t.paragraph.hanging },
            ]}
          />
          {si.kind !== 'none' ? (
            <div className={css.dialogRow}>
              <div className={css.fieldLabel}>
                {t.paragraph.value}
                <NumberInput
                  label={t.paragraph.value}
                  className={css.nativeInput}
                  value={String(si.value)}
                  min={0}
                  step={0.5}
                  onChange={(v) => {
                    const n = Number(v);
                    if (v.trim() && Number.isFinite(n) && n >= 0)
                      update({ specialIndent: { ...si, value: n } });
                  }}
                />
              </div>
              <Choice
                label={t.font.unit}
                value={si.unit}
                onChange={(unit) => update({ specialIndent: { ...si, unit } })}
                options={[
                  { id: 'char', label: t.paragraph.char },
                  { id: 'mm', label: t.paragraph.mm },
                ]}
              />
            </div>
          ) : (
            <span />
          )}
        </div>
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
