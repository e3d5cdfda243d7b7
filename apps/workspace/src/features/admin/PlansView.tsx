import type { AdminApi } from '@wanxiang/api-client';
import {
  type AdminModelCatalog,
  type AdminPlan,
  PLAN_GRANT_DAY_MAX,
  PLAN_MONTHLY_CREDITS_MAX,
  PLAN_NAME_MAX,
  type PlanInput,
  planInput,
} from '@wanxiang/api-client/contract';
import { Alert, Badge, Button, Spinner, TextField } from '@wanxiang/ui';
import { useState } from 'react';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { AdminTable } from './AdminTable';
import { failureText } from './errors';
import {
  type FieldErrors,
  schemaFaults,
  useConsoleData,
  useFieldsForm,
  useFocusReturn,
  wholeInRange,
} from './forms';
import { adminText } from './messages';
import { chosenModels, type ModelsChoice, PlanModelsCell, PlanModelsField, sameModels } from './PlanModels';

const t = adminText.plans;

type Field = 'name' | 'monthly_credits' | 'grant_day' | 'models';

/**
 * The form checked as the server checks it (the models with the contract's schema), each fault on its
 * field; the plan to send when none. `models` undefined: the plan keeps its own.
 */
export function checkPlan(draft: Record<Field, string>, models?: string[] | null) {
  const errors: FieldErrors<Field> = {};
  const name = draft.name.trim();
  if (!name) errors.name = t.nameRequired;
  else if (name.length > PLAN_NAME_MAX) errors.name = t.nameTooLong(PLAN_NAME_MAX);
  const monthly = wholeInRange(
    errors,
    draft.monthly_credits,
    'monthly_credits',
    '每月赠送的积分',
    PLAN_MONTHLY_CREDITS_MAX,
    0,
  );
  const day = wholeInRange(errors, draft.grant_day, 'grant_day', '赠送日', PLAN_GRANT_DAY_MAX);
  const input: PlanInput = {
    name,
    monthly_credits: monthly,
    grant_day: day,
    ...(models !== undefined ? { models } : {}),
  };
  const checked = planInput.safeParse(input);
  if (!checked.success) schemaFaults(errors, checked.error.issues, t.faults);
  return { errors, input };
}

/**
 * The form of one plan: a new one, or `plan`'s fields to change. The default plan's name is the server's
 * setting, shown but not editable. Its models are chosen from `catalog` and sent only when changed; when
 * the catalog cannot be read (`catalogError`) the plan keeps them.
 */
function PlanForm({
  admin,
  catalog,
  catalogError,
  plan,
  onSaved,
  onCancel,
}: {
  admin: Pick<AdminApi, 'createPlan' | 'updatePlan'>;
  catalog: AdminModelCatalog | null;
  catalogError: string | null;
  plan?: AdminPlan;
  onSaved: (plan: AdminPlan, created: boolean) => void;
  onCancel?: () => void;
}) {
  const form = useFieldsForm<Field>({
    name: plan?.name ?? '',
    monthly_credits: String(plan?.monthly_credits ?? 0),
    grant_day: String(plan?.grant_day ?? 1),
    models: '',
  });
  const [models, setModels] = useState<ModelsChoice>({
    limited: Boolean(plan?.models),
    picked: plan?.models ?? [],
  });
  const [error, setError] = useState<string | null>(null);
  const fixedName = plan?.is_default === true;
  const titleId = plan ? `plan-edit-${plan.id}` : 'plan-new';

  const modelsFault = form.bind('models').errorMessage;
  /** The models to send: none when the catalog is unread or the plan's are unchanged. */
  const modelsToSend = () => {
    if (catalogError) return undefined;
    const next = chosenModels(models, catalog);
    return plan && sameModels(plan.models, next) ? undefined : next;
  };

  const submit = form.submitWith(
    (draft) => checkPlan(draft, modelsToSend()),
    async ({ name, ...rest }) => {
      setError(null);
      if (!plan) onSaved(await admin.createPlan({ name, ...rest }), true);
      else onSaved(await admin.updatePlan(plan.id, fixedName ? rest : { name, ...rest }), false);
    },
    (failure) => setError(failureText(failure)),
  );

  return (
    <section className={account.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={account.sectionTitle}>
        {plan ? t.editTitle(plan.name) : t.newTitle}
      </h2>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form className={styles.settingsForm} onSubmit={submit} noValidate aria-labelledby={titleId}>
        <TextField
          label={t.name}
          maxLength={PLAN_NAME_MAX * 2}
          isReadOnly={fixedName}
          {...(fixedName ? { description: t.defaultName } : {})}
          {...form.bind('name')}
        />
        <TextField label={t.monthly} inputMode="numeric" {...form.bind('monthly_credits')} />
        <TextField label={t.grantDay} inputMode="numeric" {...form.bind('grant_day')} />
        <PlanModelsField
          id={`${titleId}-models`}
          catalog={catalog}
          catalogError={catalogError}
          current={plan ? plan.models : undefined}
          choice={models}
          onChange={setModels}
          fault={typeof modelsFault === 'string' ? modelsFault : null}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" isPending={form.busy}>
            {plan ? t.save : t.create}
          </Button>
          {onCancel ? <Button onPress={onCancel}>{t.cancel}</Button> : null}
        </div>
      </form>
    </section>
  );
}

/**
 * 管理 › 套餐: every plan with its sign-up and monthly credits, the day they arrive, the models its users may
 * choose (named from the model catalog) and how many accounts are on it; a plan made or changed in a form
 * that names each wrong field.
 */
export function PlansView({
  admin,
}: {
  admin: Pick<AdminApi, 'plans' | 'createPlan' | 'updatePlan' | 'modelCatalog'>;
}) {
  const { data: plans, error, reload: load } = useConsoleData(admin, (api) => api.plans());
  const { data: catalog, error: catalogError } = useConsoleData(admin, (api) => api.modelCatalog());
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  // The edit form gives the focus back to its row's 编辑 button as it closes.
  const editFocus = useFocusReturn();
  const [done, setDone] = useState<string | null>(null);
  // A new form after each plan made, so that its fields start empty again.
  const [made, setMade] = useState(0);

  const saved = async (plan: AdminPlan, created: boolean) => {
    setDone(created ? t.created(plan.name) : t.saved(plan.name));
    if (created) setMade((n) => n + 1);
    else {
      editFocus.giveBack();
      setEditing(null);
    }
    await load();
  };

  return (
    <div className={account.page}>
      <h1 className={account.title}>{t.title}</h1>
      <p className={account.muted}>{t.hint}</p>
      {error ? (
        <Alert tone="danger" actionLabel={adminText.retry} onAction={() => void load()}>
          {error}
        </Alert>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {!plans && !error ? <Spinner /> : null}
      {plans ? (
        <section className={account.section} aria-labelledby="plans-list">
          <h2 id="plans-list" className={account.sectionTitle}>
            {t.listTitle}
          </h2>
          <AdminTable label={t.listLabel} columns={Object.values(t.columns)}>
            {plans.map((plan) => (
              <tr key={plan.id}>
                <td className={account.cell}>
                  {plan.name}
                  {plan.is_default ? (
                    <>
                      {' '}
                      <Badge tone="neutral">{t.isDefault}</Badge>
                    </>
                  ) : null}
                </td>
                <td className={account.cell}>
                  {plan.is_default ? adminText.credits(plan.signup_credits) : '—'}
                </td>
                <td className={account.cell}>
                  {plan.monthly_credits > 0 ? adminText.credits(plan.monthly_credits) : t.noMonthly}
                </td>
                <td className={account.cell}>{plan.monthly_credits > 0 ? t.onDay(plan.grant_day) : '—'}</td>
                <td className={account.cell}>
                  <PlanModelsCell ids={plan.models} catalog={catalog} />
                </td>
                <td className={account.cell}>{t.userCount(plan.users)}</td>
                <td className={account.cell}>
                  <Button
                    size="sm"
                    aria-label={t.editLabel(plan.name)}
                    onPress={() => {
                      editFocus.remember();
                      setEditing(plan);
                    }}
                  >
                    {t.edit}
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        </section>
      ) : null}
      {editing ? (
        <PlanForm
          key={`edit-${editing.id}`}
          admin={admin}
          catalog={catalog}
          catalogError={catalogError}
          plan={editing}
          onSaved={(plan, created) => void saved(plan, created)}
          onCancel={() => {
            editFocus.giveBack();
            setEditing(null);
          }}
        />
      ) : null}
      <PlanForm
        key={`new-${made}`}
        admin={admin}
        catalog={catalog}
        catalogError={catalogError}
        onSaved={(plan, created) => void saved(plan, created)}
      />
    </div>
  );
}
