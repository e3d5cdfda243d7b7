import type { AdminApi } from '@wanxiang/api-client';
import {
  type AdminModelCatalog,
  type AdminProvider,
  API_KEY_MAX,
  CATALOG_ID_MAX,
  MODEL_PROVIDER_KINDS,
  type ModelProviderKind,
  PROVIDER_HEADER_VALUE_MAX,
  PROVIDER_HEADERS_MAX,
  type ProviderInput,
  type ProviderUpdate,
  providerInput,
  providerUpdate,
} from '@wanxiang/api-client/contract';
import { Alert, Button, Checkbox, PasswordField, Select, SelectItem, TextField } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { refusalText } from './errors';
import { type FieldErrors, schemaFaults, useFieldsForm } from './forms';
import { adminText } from './messages';

const t = adminText.models.providers;

type Field = 'id' | 'base_url' | 'api_key' | 'api_key_env' | 'headers';

/** One extra request header as typed: `key` tells the rows apart while their names change. */
export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}
type RowFaults = Record<number, { name?: string; value?: string }>;

/** The header rows checked with the contract's schema (a row left empty is skipped), faults by row. */
export function checkHeaders(rows: readonly HeaderRow[]) {
  const faults: RowFaults = {};
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value) continue;
    const fault: { name?: string; value?: string } = {};
    if (!name) fault.name = t.headerNameRequired;
    else if (seen.has(name.toLowerCase())) fault.name = t.headerDuplicate;
    else {
      const checked = providerUpdate.shape.headers.safeParse({ [name]: row.value });
      for (const issue of checked.error?.issues ?? []) {
        if (issue.code === 'invalid_key') fault.name ??= issue.issues[0]?.message ?? t.headerNameInvalid;
        else fault.value ??= t.headerValueTooLong(PROVIDER_HEADER_VALUE_MAX);
      }
    }
    seen.add(name.toLowerCase());
    if (fault.name || fault.value) faults[row.key] = fault;
    else headers[name] = row.value;
  }
  return { faults, headers };
}

/**
 * The form checked with the contract's schema, each fault on its field; what to send when none: a new
 * provider, or the change of `provider` (the key only when one is typed or the kept one is cleared, the
 * variable and the headers only when changed: their values are never answered, so they are never sent back).
 */
export function checkProvider(
  draft: Record<Field, string>,
  options: {
    type: ModelProviderKind;
    clearKey: boolean;
    /** The headers typed, or null to keep the provider's. */
    headers: Record<string, string> | null;
    provider?: AdminProvider;
  },
) {
  const { type, clearKey, headers, provider } = options;
  const errors: FieldErrors<Field> = {};
  const offline = (provider?.type ?? type) === 'offline';
  const baseUrl = draft.base_url.trim();
  const key = draft.api_key.trim();
  const env = draft.api_key_env.trim();
  if (provider) {
    const input: ProviderUpdate = {
      ...(baseUrl !== (provider.base_url ?? '') ? { base_url: baseUrl || null } : {}),
      ...(clearKey ? { api_key: null } : key ? { api_key: key } : {}),
      ...(env !== (provider.key.env ?? '') ? { api_key_env: env || null } : {}),
      ...(headers ? { headers } : {}),
    };
    const checked = providerUpdate.safeParse(input);
    if (!checked.success) schemaFaults(errors, checked.error.issues, adminText.models.providers.faults);
    return { errors, input };
  }
  const input: ProviderInput = {
    id: draft.id,
    type,
    ...(offline
      ? {}
      : {
          ...(baseUrl ? { base_url: baseUrl } : {}),
          ...(key ? { api_key: key } : {}),
          ...(env ? { api_key_env: env } : {}),
          ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
        }),
  };
  const checked = providerInput.safeParse(input);
  if (!checked.success) schemaFaults(errors, checked.error.issues, adminText.models.providers.faults);
  return { errors, input };
}

const TYPES = MODEL_PROVIDER_KINDS.map((id) => ({ id }));

/**
 * A provider's form: a new one, or `provider`'s to change (its id and type stay). The API key is written
 * here and never shown again: left empty it is kept, and a kept key can be cleared. Header values are not
 * shown either, so the headers are replaced all at once or kept as they are.
 */
export function ProviderForm({
  admin,
  provider,
  onSaved,
  onCancel,
}: {
  admin: Pick<AdminApi, 'createProvider' | 'updateProvider'>;
  provider?: AdminProvider;
  onSaved: (catalog: AdminModelCatalog, message: string) => void;
  onCancel: () => void;
}) {
  const form = useFieldsForm<Field>({
    id: '',
    base_url: provider?.base_url ?? '',
    api_key: '',
    api_key_env: provider?.key.env ?? '',
    headers: '',
  });
  const [type, setType] = useState<ModelProviderKind>(provider?.type ?? 'openai-compatible');
  const [clearKey, setClearKey] = useState(false);
  // A new provider's headers are typed from the start; a kept provider's only once asked to replace them.
  const [replacing, setReplacing] = useState(!provider);
  const [rows, setRows] = useState<HeaderRow[]>([]);
  const [rowFaults, setRowFaults] = useState<RowFaults>({});
  const nextKey = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const titleId = provider ? `provider-edit-${provider.id}` : 'provider-new';
  const offline = type === 'offline';
  const kept = provider?.key.state === 'console' || provider?.key.state === 'unreadable';
  const headersBinding = form.bind('headers').errorMessage;
  const headersFault = typeof headersBinding === 'string' ? headersBinding : null;

  const row = (name = ''): HeaderRow => {
    nextKey.current += 1;
    return { key: nextKey.current, name, value: '' };
  };
  const setRow = (key: number, change: Partial<HeaderRow>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = form.submitWith(
    (draft) => {
      const typed = replacing ? checkHeaders(rows) : null;
      setRowFaults(typed?.faults ?? {});
      const checked = checkProvider(draft, {
        type,
        clearKey,
        headers: typed ? typed.headers : null,
        ...(provider ? { provider } : {}),
      });
      if (typed && Object.keys(typed.faults).length > 0) checked.errors.headers ??= t.headersFix;
      return checked;
    },
    async (input) => {
      setError(null);
      if (provider) onSaved(await admin.updateProvider(provider.id, input), t.saved(provider.id));
      else {
        const created = input as ProviderInput;
        onSaved(await admin.createProvider(created), t.created(created.id));
      }
    },
    (failure) => setError(refusalText(failure)),
  );

  const keyHint = !provider
    ? t.apiKeyNew
    : provider.key.state === 'unreadable'
      ? t.apiKeyUnreadable
      : provider.key.state === 'console'
        ? t.apiKeyKept(provider.key.hint)
        : t.apiKeyNew;

  return (
    <section className={account.section} aria-labelledby={titleId}>
      <h2
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className={`${account.sectionTitle} ${styles.focusTarget}`}
      >
        {provider ? t.editTitle(provider.id) : t.newTitle}
      </h2>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form className={styles.settingsForm} onSubmit={submit} noValidate aria-labelledby={titleId}>
        {provider ? null : (
          <>
            <TextField
              label={t.id}
              description={t.idHint}
              maxLength={CATALOG_ID_MAX * 2}
              {...form.bind('id')}
            />
            <Select
              label={t.type}
              items={TYPES}
              value={type}
              onChange={(key) => {
                if (key !== null) setType(key as ModelProviderKind);
              }}
            >
              {(item: { id: ModelProviderKind }) => (
                <SelectItem id={item.id} textValue={t.types[item.id]}>
                  {t.types[item.id]}
                </SelectItem>
              )}
            </Select>
          </>
        )}
        {offline ? null : (
          <>
            <TextField
              label={t.baseUrl}
              description={t.baseUrlHint}
              inputMode="url"
              placeholder="https://"
              {...form.bind('base_url')}
            />
            <PasswordField
              label={t.apiKey}
              description={keyHint}
              autoComplete="new-password"
              maxLength={API_KEY_MAX * 2}
              isDisabled={clearKey}
              {...form.bind('api_key')}
            />
            {kept ? (
              <Checkbox isSelected={clearKey} onChange={setClearKey}>
                {t.clearKey}
              </Checkbox>
            ) : null}
            <TextField
              label={t.apiKeyEnv}
              description={t.apiKeyEnvHint}
              placeholder="DEEPSEEK_API_KEY"
              {...form.bind('api_key_env')}
            />
            <fieldset className={styles.checks}>
              <legend className={styles.legend}>{t.headers}</legend>
              {replacing ? (
                <>
                  <p className={account.muted}>{provider ? t.headersReplaceHint : t.headersHint}</p>
                  {rows.map((header, index) => (
                    <div key={header.key} className={styles.headerRow}>
                      <TextField
                        label={t.headerName(index + 1)}
                        value={header.name}
                        onChange={(name) => setRow(header.key, { name })}
                        validationBehavior="aria"
                        isInvalid={Boolean(rowFaults[header.key]?.name)}
                        {...(rowFaults[header.key]?.name
                          ? { errorMessage: rowFaults[header.key]?.name }
                          : {})}
                      />
                      <PasswordField
                        label={t.headerValue(index + 1)}
                        autoComplete="off"
                        value={header.value}
                        onChange={(value) => setRow(header.key, { value })}
                        validationBehavior="aria"
                        isInvalid={Boolean(rowFaults[header.key]?.value)}
                        {...(rowFaults[header.key]?.value
                          ? { errorMessage: rowFaults[header.key]?.value }
                          : {})}
                      />
                      <Button
                        size="sm"
                        className={styles.headerRemove}
                        aria-label={t.headerRemove(index + 1)}
                        onPress={() => setRows((current) => current.filter((r) => r.key !== header.key))}
                      >
                        {adminText.models.remove}
                      </Button>
                    </div>
                  ))}
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      isDisabled={rows.length >= PROVIDER_HEADERS_MAX}
                      onPress={() => setRows((current) => [...current, row()])}
                    >
                      {t.headerAdd}
                    </Button>
                    {provider ? (
                      <Button
                        size="sm"
                        onPress={() => {
                          setReplacing(false);
                          setRows([]);
                          setRowFaults({});
                        }}
                      >
                        {t.headersKeep}
                      </Button>
                    ) : null}
                  </div>
                </>
              ) : (
                <>
                  <p className={account.muted}>{t.headersHidden(provider?.header_names ?? [])}</p>
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      onPress={() => {
                        const names = provider?.header_names ?? [];
                        setRows(names.length > 0 ? names.map((name) => row(name)) : [row()]);
                        setReplacing(true);
                      }}
                    >
                      {(provider?.header_names.length ?? 0) > 0 ? t.headersReplace : t.headerAdd}
                    </Button>
                  </div>
                </>
              )}
              {headersFault ? (
                <p role="alert" className={styles.fault}>
                  {headersFault}
                </p>
              ) : null}
            </fieldset>
          </>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={form.busy}>
            {provider ? t.save : t.create}
          </Button>
          <Button onPress={onCancel}>{t.cancel}</Button>
        </div>
      </form>
    </section>
  );
}
