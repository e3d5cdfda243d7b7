import type { AdminApi } from '@wanxiang/api-client';
import type { AdminModel, AdminModelCatalog, AdminProvider } from '@wanxiang/api-client/contract';
import { Alert, Badge, Button, Chip, ConfirmDialog, Spinner } from '@wanxiang/ui';
import { useState } from 'react';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { AdminTable } from './AdminTable';
import { failureText } from './errors';
import { Fact } from './Fact';
import { useConsoleData, useFocusReturn } from './forms';
import { ModelForm } from './ModelForm';
import { adminText } from './messages';
import { ProviderForm } from './ProviderForm';

const t = adminText.models;
const p = t.providers;

/** What the models page asks of the console's API; the console's fakes keep the same shape. */
export type CatalogApi = Pick<
  AdminApi,
  | 'modelCatalog'
  | 'createModel'
  | 'updateModel'
  | 'deleteModel'
  | 'createProvider'
  | 'updateProvider'
  | 'deleteProvider'
>;

/** A model's price as the table shows it; 免费 when it costs nothing, as the chat's model list says. */
function Price({ model }: { model: AdminModel }) {
  const free = model.is_per_call
    ? model.fixed_price_credits === 0
    : model.input_price_credits === 0 && model.output_price_credits === 0;
  if (free) return <>{t.free}</>;
  if (model.is_per_call) return <>{t.perCall(model.fixed_price_credits)}</>;
  return (
    <span className={styles.stack}>
      <span>{t.perTokens(model.input_price_credits, model.output_price_credits)}</span>{' '}
      <span className={styles.secondary}>{t.perTokensUnit}</span>
    </span>
  );
}

/** Where a provider's key comes from; never the key. */
function KeyState({ provider }: { provider: AdminProvider }) {
  const { key } = provider;
  if (key.state === 'console') return <>{p.keyConsole(key.hint)}</>;
  if (key.state === 'environment') return <>{p.keyEnvironment(key.env)}</>;
  if (key.state === 'unreadable') return <span className={styles.warning}>{p.keyUnreadable}</span>;
  return <span className={styles.secondary}>{p.keyNone}</span>;
}

/**
 * 管理 › 模型: the catalog every instance follows from its next turn: the models users choose from, with
 * their provider, price, capabilities and state, enabled, disabled, made default or deleted in a row; the
 * providers with where their key comes from (never the key); each added or changed in a form that names
 * every wrong field.
 */
export function ModelsView({ admin, timeZone }: { admin: CatalogApi; timeZone?: string }) {
  const { data: catalog, setData, error, reload } = useConsoleData(admin, (api) => api.modelCatalog());
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // Which form is open: a new model (null inside) or the one to change; a new form on each opening.
  // Each form gives the focus back to its 新增 or 编辑 button as it closes.
  const modelFocus = useFocusReturn();
  const providerFocus = useFocusReturn();
  const [modelForm, setModelForm] = useState<{ model: AdminModel | null; n: number } | null>(null);
  const [providerForm, setProviderForm] = useState<{ provider: AdminProvider | null; n: number } | null>(
    null,
  );
  const [removingModel, setRemovingModel] = useState<AdminModel | null>(null);
  const [removingProvider, setRemovingProvider] = useState<AdminProvider | null>(null);

  const changed = (answer: AdminModelCatalog, message: string) => {
    setData(answer);
    setRefusal(null);
    setDone(message);
  };
  const act = async (model: AdminModel, what: 'enabled' | 'default') => {
    setPending(`${what}:${model.id}`);
    setDone(null);
    setRefusal(null);
    try {
      if (what === 'default')
        changed(await admin.updateModel(model.id, { is_default: true }), t.defaultDone(model.name));
      else
        changed(
          await admin.updateModel(model.id, { enabled: !model.enabled }),
          model.enabled ? t.disabledDone(model.name) : t.enabledDone(model.name),
        );
    } catch (failure) {
      setRefusal(failureText(failure));
    } finally {
      setPending(null);
    }
  };
  // A refusal is the dialog's to show: it stays open with the server's reason.
  const confirmed = async (call: () => Promise<AdminModelCatalog>, message: string) => {
    let answer: AdminModelCatalog;
    try {
      answer = await call();
    } catch (failure) {
      throw new Error(failureText(failure));
    }
    changed(answer, message);
  };

  const time = (iso: string) => adminText.time(iso, timeZone);
  const by = catalog?.updated_by;

  return (
    <div className={account.page}>
      <h1 className={account.title}>{t.title}</h1>
      <p className={account.muted}>{t.hint}</p>
      {error ? (
        <Alert tone="danger" actionLabel={adminText.retry} onAction={() => void reload()}>
          {error}
        </Alert>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {!catalog && !error ? <Spinner /> : null}
      {catalog ? (
        <>
          <dl className={styles.wideFacts}>
            <Fact label={t.source}>{catalog.seeded_from}</Fact>
            <Fact label={t.updatedAt}>{time(catalog.updated_at)}</Fact>
            <Fact label={t.updatedBy}>{by === null ? t.seedOnly : by === 'cli' ? t.cli : by}</Fact>
          </dl>

          <section className={account.section} aria-labelledby="models-list">
            <div className={styles.sectionHead}>
              <h2 id="models-list" className={account.sectionTitle}>
                {t.listTitle}
              </h2>
              <Button
                size="sm"
                isDisabled={catalog.providers.length === 0}
                onPress={() => {
                  modelFocus.remember();
                  setModelForm((open) => ({ model: null, n: (open?.n ?? 0) + 1 }));
                }}
              >
                {t.add}
              </Button>
            </div>
            <p className={account.muted}>{t.priceNote}</p>
            {refusal ? <Alert tone="danger">{refusal}</Alert> : null}
            {catalog.models.length === 0 ? (
              <p className={account.muted}>{t.empty}</p>
            ) : (
              <AdminTable label={t.listLabel} columns={Object.values(t.columns)}>
                {catalog.models.map((model) => (
                  <tr key={model.id}>
                    <td className={account.cell}>
                      <span className={styles.stack}>
                        <span>{model.name}</span> <span className={styles.secondary}>{model.id}</span>
                      </span>
                    </td>
                    <td className={account.cell}>{model.provider_id}</td>
                    <td className={account.cell}>
                      <Price model={model} />
                    </td>
                    <td className={account.cell}>
                      {model.supports_images || model.web_search ? (
                        <span className={styles.stack}>
                          {model.supports_images ? <Chip tone="info">{t.images}</Chip> : null}
                          {model.web_search ? <Chip tone="accent">{t.webSearch}</Chip> : null}
                        </span>
                      ) : (
                        t.none
                      )}
                    </td>
                    <td className={account.cell}>
                      <span className={styles.stack}>
                        <Badge tone={model.enabled ? 'success' : 'neutral'}>
                          {model.enabled ? t.enabled : t.disabled}
                        </Badge>
                        {model.is_default ? <Badge tone="info">{t.isDefault}</Badge> : null}
                      </span>
                    </td>
                    <td className={account.cell}>
                      <div className={styles.rowButtons}>
                        <Button
                          size="sm"
                          aria-label={t.editLabel(model.name)}
                          onPress={() => {
                            modelFocus.remember();
                            setModelForm((open) => ({ model, n: (open?.n ?? 0) + 1 }));
                          }}
                        >
                          {t.edit}
                        </Button>
                        <Button
                          size="sm"
                          aria-label={model.enabled ? t.disableLabel(model.name) : t.enableLabel(model.name)}
                          isPending={pending === `enabled:${model.id}`}
                          isDisabled={pending !== null && pending !== `enabled:${model.id}`}
                          onPress={() => void act(model, 'enabled')}
                        >
                          {model.enabled ? t.disable : t.enable}
                        </Button>
                        {model.enabled && !model.is_default ? (
                          <Button
                            size="sm"
                            aria-label={t.makeDefaultLabel(model.name)}
                            isPending={pending === `default:${model.id}`}
                            isDisabled={pending !== null && pending !== `default:${model.id}`}
                            onPress={() => void act(model, 'default')}
                          >
                            {t.makeDefault}
                          </Button>
                        ) : null}
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={t.removeLabel(model.name)}
                          onPress={() => setRemovingModel(model)}
                        >
                          {t.remove}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
          {modelForm ? (
            <ModelForm
              key={`model-${modelForm.n}`}
              admin={admin}
              providers={catalog.providers}
              {...(modelForm.model ? { model: modelForm.model } : {})}
              onSaved={(answer, message) => {
                modelFocus.giveBack();
                setModelForm(null);
                changed(answer, message);
              }}
              onCancel={() => {
                modelFocus.giveBack();
                setModelForm(null);
              }}
            />
          ) : null}

          <section className={account.section} aria-labelledby="providers-list">
            <div className={styles.sectionHead}>
              <h2 id="providers-list" className={account.sectionTitle}>
                {p.title}
              </h2>
              <Button
                size="sm"
                onPress={() => {
                  providerFocus.remember();
                  setProviderForm((open) => ({ provider: null, n: (open?.n ?? 0) + 1 }));
                }}
              >
                {p.add}
              </Button>
            </div>
            {catalog.providers.length === 0 ? (
              <p className={account.muted}>{p.empty}</p>
            ) : (
              <AdminTable label={p.listLabel} columns={Object.values(p.columns)}>
                {catalog.providers.map((provider) => (
                  <tr key={provider.id}>
                    <td className={account.cell}>{provider.id}</td>
                    <td className={account.cell}>{p.types[provider.type] ?? provider.type}</td>
                    <td className={account.cell}>
                      <span className={styles.wrapCell}>
                        {provider.base_url ?? <span className={styles.secondary}>{p.defaultAddress}</span>}
                        {provider.header_names.length > 0 ? (
                          <span className={styles.secondary}>{p.headerNames(provider.header_names)}</span>
                        ) : null}
                      </span>
                    </td>
                    <td className={account.cell}>
                      <span className={styles.wrapCell}>
                        <KeyState provider={provider} />
                      </span>
                    </td>
                    <td className={account.cell}>{p.modelCount(provider.models)}</td>
                    <td className={account.cell}>
                      <div className={styles.rowButtons}>
                        <Button
                          size="sm"
                          aria-label={p.editLabel(provider.id)}
                          onPress={() => {
                            providerFocus.remember();
                            setProviderForm((open) => ({ provider, n: (open?.n ?? 0) + 1 }));
                          }}
                        >
                          {p.edit}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={p.removeLabel(provider.id)}
                          onPress={() => setRemovingProvider(provider)}
                        >
                          {p.remove}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
          {providerForm ? (
            <ProviderForm
              key={`provider-${providerForm.n}`}
              admin={admin}
              {...(providerForm.provider ? { provider: providerForm.provider } : {})}
              onSaved={(answer, message) => {
                providerFocus.giveBack();
                setProviderForm(null);
                changed(answer, message);
              }}
              onCancel={() => {
                providerFocus.giveBack();
                setProviderForm(null);
              }}
            />
          ) : null}
        </>
      ) : null}
      {removingModel ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setRemovingModel(null);
          }}
          title={t.removeTitle}
          tone="danger"
          confirmLabel={t.remove}
          onConfirm={() =>
            confirmed(() => admin.deleteModel(removingModel.id), t.removed(removingModel.name))
          }
        >
          {t.removeBody(removingModel.name)}
        </ConfirmDialog>
      ) : null}
      {removingProvider ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setRemovingProvider(null);
          }}
          title={p.removeTitle}
          tone="danger"
          confirmLabel={p.remove}
          onConfirm={() =>
            confirmed(() => admin.deleteProvider(removingProvider.id), p.removed(removingProvider.id))
          }
        >
          {p.removeBody(removingProvider.id)}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
