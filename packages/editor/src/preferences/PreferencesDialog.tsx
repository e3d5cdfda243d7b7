import { Alert, Button, Checkbox, Dialog, toast } from '@wanxiang/ui';
import { useEffect, useId, useState } from 'react';
import { Choice } from '../dialogs/Choice';
import * as dialogCss from '../dialogs/dialogs.css';
import { type ChoiceOptions, FONT_FAMILY_OPTIONS } from '../dialogs/options';
import { FONT_FAMILIES, FONT_SIZE_OPTIONS, fontSizeLabel } from '../format/units';
import { t } from '../i18n/zh-CN';
import * as css from './PreferencesDialog.css';
import type { EditorPreferences, EditorPreferencesHost, PreferenceModel } from './types';

const m = t.preferences;

const VIEW_OPTIONS = [
  { id: 'page' as const, label: t.view.page },
  { id: 'continuous' as const, label: t.view.continuous },
];
/** The model choice's id for "no preference": the server's default. */
const SERVER_DEFAULT = 'server-default';
const PAPER_FONT = 'default';

const FAMILY_OPTIONS: ChoiceOptions<string> = [
  { id: PAPER_FONT, label: m.paperFont },
  ...FONT_FAMILY_OPTIONS.filter((o) => o.id !== PAPER_FONT),
];

/** The size list's entry for a size in px: the first that matches (小四 before 12), or the size itself. */
function sizeKeyOf(px: number): string {
  return FONT_SIZE_OPTIONS.find((o) => o.px === px)?.key ?? `px-${px}`;
}

function sizeOptions(px: number): ChoiceOptions<string> {
  const listed = FONT_SIZE_OPTIONS.map((o) => ({ id: o.key, label: o.label }));
  // A size the list does not have (set elsewhere) still shows, as itself.
  return FONT_SIZE_OPTIONS.some((o) => o.px === px)
    ? listed
    : [{ id: `px-${px}`, label: fontSizeLabel(px) }, ...listed];
}

type Models =
  | { status: 'loading' }
  | { status: 'ready'; models: readonly PreferenceModel[] }
  | { status: 'error' };

export interface PreferencesDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  host: EditorPreferencesHost;
}

/**
 * 偏好设置: the font and size of new documents, autosave, spell checking and the assistant's default model.
 * 保存 stores them through the host; while it runs the form stays as it is, and when it fails the dialog
 * says so and keeps the choices, so that trying again needs nothing retyped.
 */
export function PreferencesDialog({ isOpen, onOpenChange, host }: PreferencesDialogProps) {
  const [draft, setDraft] = useState<EditorPreferences>(host.preferences);
  // The size entry chosen: 三号 and 16 are the same size, and the list shows the one the user picked.
  const [sizeKey, setSizeKey] = useState(() => sizeKeyOf(host.preferences.fontSizePx));
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [models, setModels] = useState<Models>({ status: 'loading' });
  const autosaveHint = useId();
  const spellcheckHint = useId();
  const { loadModels } = host;

  // Each opening starts from the preferences as they are now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form, not a save that changed host.preferences
  useEffect(() => {
    if (!isOpen) return;
    setDraft(host.preferences);
    setSizeKey(sizeKeyOf(host.preferences.fontSizePx));
    setSaving(false);
    setFailed(false);
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen || !loadModels) return;
    const controller = new AbortController();
    setModels({ status: 'loading' });
    loadModels(controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setModels({ status: 'ready', models: list });
      },
      () => {
        if (!controller.signal.aborted) setModels({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [isOpen, loadModels]);

  const change = (patch: Partial<EditorPreferences>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setFailed(false);
  };

  const save = async (close: () => void) => {
    setSaving(true);
    setFailed(false);
    try {
      await host.save(draft);
      close();
      toast.success(m.saved);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const modelOptions: Array<ChoiceOptions<string>[number]> = [
    { id: SERVER_DEFAULT, label: m.serverDefault },
    ...(models.status === 'ready' ? models.models.map((model) => ({ id: model.id, label: model.name })) : []),
  ];
  // A stored model the list no longer has stays visible, marked, until the user picks another.
  if (
    draft.assistantModel &&
    models.status === 'ready' &&
    !models.models.some((model) => model.id === draft.assistantModel)
  )
    modelOptions.push({ id: draft.assistantModel, label: m.modelGone(draft.assistantModel) });

  const family = FONT_FAMILIES.find((f) => f.key === draft.fontFamily);

  return (
    <Dialog
      title={m.title}
      isOpen={isOpen}
      onOpenChange={(open) => !saving && onOpenChange(open)}
      isKeyboardDismissDisabled={saving}
      footer={(close) => (
        <>
          <Button variant="ghost" onPress={close} isDisabled={saving}>
            {t.dialogs.cancel}
          </Button>
          <Button variant="primary" onPress={() => void save(close)} isPending={saving}>
            {saving ? m.saving : m.save}
          </Button>
        </>
      )}
    >
      <div className={dialogCss.dialogStack}>
        <fieldset className={css.group}>
          <legend className={css.legend}>{m.newDocuments}</legend>
          <div className={dialogCss.dialogGrid}>
            <Choice
              label={m.fontFamily}
              value={draft.fontFamily ?? PAPER_FONT}
              options={FAMILY_OPTIONS}
              onChange={(id) => change({ fontFamily: id === PAPER_FONT ? null : id })}
            />
            <Choice
              label={m.fontSize}
              value={sizeKey}
              options={sizeOptions(draft.fontSizePx)}
              onChange={(id) => {
                const px = FONT_SIZE_OPTIONS.find((o) => o.key === id)?.px;
                if (px === undefined) return;
                setSizeKey(id);
                change({ fontSizePx: px });
              }}
            />
          </div>
          <div
            className={dialogCss.preview}
            role="img"
            aria-label={t.font.preview}
            style={{ fontFamily: family?.stack, fontSize: `${draft.fontSizePx}px` }}
          >
            {t.font.previewText}
          </div>
          <p className={dialogCss.dialogHint}>{m.newDocumentsHint}</p>
        </fieldset>

        <fieldset className={css.group}>
          <legend className={css.legend}>{m.editing}</legend>
          <Choice
            label={m.view}
            value={draft.view}
            options={VIEW_OPTIONS}
            onChange={(view) => change({ view })}
          />
          <div className={css.option}>
            <Checkbox
              isSelected={draft.autosave}
              onChange={(autosave) => change({ autosave })}
              aria-describedby={autosaveHint}
            >
              {m.autosave}
            </Checkbox>
            <p id={autosaveHint} className={css.optionHint}>
              {m.autosaveHint}
            </p>
          </div>
          <div className={css.option}>
            <Checkbox
              isSelected={draft.spellcheck}
              onChange={(spellcheck) => change({ spellcheck })}
              aria-describedby={spellcheckHint}
            >
              {m.spellcheck}
            </Checkbox>
            <p id={spellcheckHint} className={css.optionHint}>
              {m.spellcheckHint}
            </p>
          </div>
        </fieldset>

        {loadModels ? (
          <fieldset className={css.group}>
            <legend className={css.legend}>{m.assistant}</legend>
            <Choice
              label={m.assistantModel}
              value={draft.assistantModel ?? SERVER_DEFAULT}
              options={modelOptions}
              isDisabled={models.status !== 'ready'}
              onChange={(id) => change({ assistantModel: id === SERVER_DEFAULT ? null : id })}
            />
            {models.status === 'loading' ? <p className={dialogCss.dialogStatus}>{m.modelsLoading}</p> : null}
            {models.status === 'error' ? <p className={dialogCss.dialogError}>{m.modelsFailed}</p> : null}
          </fieldset>
        ) : null}

        {failed ? (
          <Alert tone="danger" role="alert">
            {m.saveFailed}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
