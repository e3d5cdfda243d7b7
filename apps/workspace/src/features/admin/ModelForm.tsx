import type { AdminApi } from '@wanxiang/api-client';
import {
  type AdminModel,
  type AdminModelCatalog,
  type AdminProvider,
  CATALOG_ID_MAX,
  MODEL_DESCRIPTION_MAX,
  MODEL_NAME_MAX,
  type ModelUpdate,
  modelInput,
  modelUpdate,
} from '@wanxiang/api-client/contract';
import { Alert, Button, Checkbox, Select, SelectItem, TextField } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { refusalText } from './errors';
import { type FieldErrors, schemaFaults, useFieldsForm } from './forms';
import { adminText } from './messages';

const t = adminText.models;

type Field =
  | 'id'
  | 'provider_id'
  | 'name'
  | 'description'
  | 'upstream_model'
  | 'fixed_price_credits'
  | 'input_price_credits'
  | 'output_price_credits'
  | 'max_output_tokens'
  | 'context_tokens';

/** What the form holds besides its text: the billing and the switches. */
export interface ModelFlags {
  perCall: boolean;
  supportsImages: boolean;
  webSearch: boolean;
  enabled: boolean;
  isDefault: boolean;
}

const NUMBERS = [
  'fixed_price_credits',
  'input_price_credits',
  'output_price_credits',
  'max_output_tokens',
  'context_tokens',
] as const;

/**
 * The form checked with the contract's schema, each fault on its field; what to send when none: a new
 * model whole, or the change of `model` (the prices of the other billing kept, the default only ever
 * given, never taken: another model is made default instead).
 */
export function checkModel(draft: Record<Field, string>, flags: ModelFlags, model?: AdminModel) {
  const errors: FieldErrors<Field> = {};
  const numbers = {} as Record<(typeof NUMBERS)[number], number>;
  for (const field of NUMBERS) {
    const text = draft[field].trim();
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) errors[field] = t.faults[field] ?? adminText.invalid;
    numbers[field] = value;
  }
  const upstream = draft.upstream_model.trim();
  const change: ModelUpdate = {
    provider_id: draft.provider_id,
    name: draft.name,
    description: draft.description,
    ...(upstream ? { upstream_model: upstream } : model ? { upstream_model: model.id } : {}),
    is_per_call: flags.perCall,
    ...(flags.perCall
      ? { fixed_price_credits: numbers.fixed_price_credits }
      : {
          input_price_credits: numbers.input_price_credits,
          output_price_credits: numbers.output_price_credits,
        }),
    max_output_tokens: numbers.max_output_tokens,
    context_tokens: numbers.context_tokens,
    supports_images: flags.supportsImages,
    web_search: flags.webSearch,
    enabled: flags.enabled,
    ...(flags.enabled && flags.isDefault && !model?.is_default ? { is_default: true } : {}),
  };
  if (model) {
    const checked = modelUpdate.safeParse(change);
    if (!checked.success) schemaFaults(errors, checked.error.issues, t.faults);
    return { errors, input: change };
  }
  const input = { id: draft.id, ...change, name: draft.name, provider_id: draft.provider_id };
  const checked = modelInput.safeParse(input);
  if (!checked.success) schemaFaults(errors, checked.error.issues, t.faults);
  return { errors, input };
}

const BILLINGS = [{ id: 'tokens' }, { id: 'call' }] as const;

/**
 * A model's form: a new one, or `model`'s fields to change (its id stays: users' choices and the ledger
 * name it). Each fault is named on its field, before sending and from the server; a refusal of the whole
 * change (409) above the form.
 */
export function ModelForm({
  admin,
  providers,
  model,
  onSaved,
  onCancel,
}: {
  admin: Pick<AdminApi, 'createModel' | 'updateModel'>;
  providers: readonly AdminProvider[];
  model?: AdminModel;
  onSaved: (catalog: AdminModelCatalog, message: string) => void;
  onCancel: () => void;
}) {
  const form = useFieldsForm<Field>({
    id: '',
    provider_id: model?.provider_id ?? providers[0]?.id ?? '',
    name: model?.name ?? '',
    description: model?.description ?? '',
    upstream_model: model && model.upstream_model !== model.id ? model.upstream_model : '',
    fixed_price_credits: String(model?.fixed_price_credits ?? 0),
    input_price_credits: String(model?.input_price_credits ?? 0),
    output_price_credits: String(model?.output_price_credits ?? 0),
    max_output_tokens: String(model?.max_output_tokens ?? 4096),
    context_tokens: String(model?.context_tokens ?? 32_000),
  });
  const [flags, setFlags] = useState<ModelFlags>({
    perCall: model?.is_per_call ?? false,
    supportsImages: model?.supports_images ?? false,
    webSearch: model?.web_search ?? true,
    enabled: model?.enabled ?? true,
    isDefault: model?.is_default ?? false,
  });
  const flag = (name: keyof ModelFlags) => ({
    isSelected: flags[name],
    onChange: (on: boolean) => setFlags((current) => ({ ...current, [name]: on })),
  });
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const titleId = model ? `model-edit-${model.id}` : 'model-new';
  const provider = form.bind('provider_id');
  const keptDefault = model?.is_default === true && model.enabled;
  const defaultNote = !flags.enabled ? t.defaultNeedsEnabled : keptDefault ? t.defaultKept : null;

  const submit = form.submitWith(
    (draft) => checkModel(draft, flags, model),
    async (input) => {
      setError(null);
      if (model) onSaved(await admin.updateModel(model.id, input), t.saved(input.name ?? model.name));
      else {
        const created = input as Parameters<typeof admin.createModel>[0];
        onSaved(await admin.createModel(created), t.created(created.name));
      }
    },
    (failure) => setError(refusalText(failure)),
  );

  return (
    <section className={account.section} aria-labelledby={titleId}>
      <h2
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className={`${account.sectionTitle} ${styles.focusTarget}`}
      >
        {model ? t.editTitle(model.name) : t.newTitle}
      </h2>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form className={styles.settingsForm} onSubmit={submit} noValidate aria-labelledby={titleId}>
        {model ? null : (
          <TextField
            label={t.id}
            description={t.idHint}
            maxLength={CATALOG_ID_MAX * 2}
            {...form.bind('id')}
          />
        )}
        <Select
          label={t.provider}
          items={providers}
          value={provider.value || null}
          onChange={(key) => provider.onChange?.(key === null ? '' : String(key))}
          isInvalid={provider.isInvalid ?? false}
          {...(provider.errorMessage ? { errorMessage: provider.errorMessage } : {})}
          validationBehavior="aria"
        >
          {(item: AdminProvider) => (
            <SelectItem
              id={item.id}
              textValue={item.id}
              description={t.providers.types[item.type] ?? item.type}
            >
              {item.id}
            </SelectItem>
          )}
        </Select>
        <TextField label={t.name} maxLength={MODEL_NAME_MAX * 2} {...form.bind('name')} />
        <TextField
          label={t.description}
          multiline
          rows={2}
          maxLength={MODEL_DESCRIPTION_MAX * 2}
          {...form.bind('description')}
        />
        <TextField
          label={t.upstream}
          description={t.upstreamHint}
          placeholder={model?.id ?? t.upstreamPlaceholder}
          {...form.bind('upstream_model')}
        />
        <Select
          label={t.billing}
          items={BILLINGS}
          value={flags.perCall ? 'call' : 'tokens'}
          onChange={(key) => setFlags((current) => ({ ...current, perCall: key === 'call' }))}
        >
          {(item: { id: string }) => (
            <SelectItem id={item.id} textValue={t.billings[item.id]}>
              {t.billings[item.id]}
            </SelectItem>
          )}
        </Select>
        {flags.perCall ? (
          <TextField label={t.fixedPrice} inputMode="numeric" {...form.bind('fixed_price_credits')} />
        ) : (
          <>
            <div className={styles.fieldRow}>
              <TextField label={t.inputPrice} inputMode="decimal" {...form.bind('input_price_credits')} />
              <TextField label={t.outputPrice} inputMode="decimal" {...form.bind('output_price_credits')} />
            </div>
            <p className={account.muted}>{t.tokensHint}</p>
          </>
        )}
        <div className={styles.fieldRow}>
          <TextField label={t.maxOutput} inputMode="numeric" {...form.bind('max_output_tokens')} />
          <TextField label={t.context} inputMode="numeric" {...form.bind('context_tokens')} />
        </div>
        <fieldset className={styles.checks}>
          <legend className={styles.legend}>{t.capabilitiesLabel}</legend>
          <Checkbox {...flag('supportsImages')}>{t.supportsImages}</Checkbox>
          <Checkbox {...flag('webSearch')}>{t.webSearchField}</Checkbox>
          <Checkbox {...flag('enabled')}>{t.enabledField}</Checkbox>
          <Checkbox
            {...flag('isDefault')}
            isSelected={flags.enabled && flags.isDefault}
            isDisabled={!flags.enabled || keptDefault}
            {...(defaultNote ? { 'aria-describedby': `${titleId}-default` } : {})}
          >
            {t.defaultField}
          </Checkbox>
          {defaultNote ? (
            <p id={`${titleId}-default`} className={account.muted}>
              {defaultNote}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={form.busy}>
            {model ? t.save : t.create}
          </Button>
          <Button onPress={onCancel}>{t.cancel}</Button>
        </div>
      </form>
    </section>
  );
}
