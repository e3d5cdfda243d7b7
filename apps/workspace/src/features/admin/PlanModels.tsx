import type { AdminModelCatalog } from '@wanxiang/api-client/contract';
import { Badge, Checkbox, Select, SelectItem, Spinner } from '@wanxiang/ui';
import { Fragment } from 'react';
import * as account from '../account/Account.css';
import * as styles from './Admin.css';
import { adminText } from './messages';

const t = adminText.plans;

/** How many of a plan's models the table names before saying how many there are in all. */
const NAMED = 2;

/**
 * A plan's models in its table row: 全部模型, or the first names and how many in all. An id the catalog no
 * longer has is shown as its id, muted; while the catalog is not read, every model is shown by its id.
 */
export function PlanModelsCell({
  ids,
  catalog,
}: {
  ids: readonly string[] | null;
  catalog: AdminModelCatalog | null;
}) {
  if (ids === null) return <>{t.allModels}</>;
  const names = new Map(catalog?.models.map((model) => [model.id, model.name]));
  const all = ids.map((id) => names.get(id) ?? id).join('、');
  return (
    <span title={all}>
      {ids.slice(0, NAMED).map((id, index) => (
        <Fragment key={id}>
          {index > 0 ? '、' : null}
          {names.get(id) ?? (catalog ? <span className={account.muted}>{id}</span> : id)}
        </Fragment>
      ))}
      {ids.length > NAMED ? t.moreModels(ids.length) : null}
    </span>
  );
}

/** What the form's 可用模型 holds: every model, or only the ids ticked. */
export interface ModelsChoice {
  limited: boolean;
  picked: readonly string[];
}

/**
 * The models to send for `choice`: null for every model, else the ids ticked in the catalog's order (those
 * it no longer has last), as the server keeps them.
 */
export function chosenModels(choice: ModelsChoice, catalog: AdminModelCatalog | null): string[] | null {
  if (!choice.limited) return null;
  const known = catalog?.models.map((model) => model.id) ?? [];
  return [
    ...known.filter((id) => choice.picked.includes(id)),
    ...choice.picked.filter((id) => !known.includes(id)),
  ];
}

/** Whether two model lists (null: every model) allow the same models. */
export function sameModels(a: readonly string[] | null, b: readonly string[] | null) {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((id) => b.includes(id));
}

const CHOICES = [{ id: 'all' }, { id: 'some' }] as const;

/**
 * A plan's 可用模型: every model, or those ticked from the catalog (each with its id, the disabled ones
 * tagged); an id the catalog no longer has stays listed until it is unticked. Its fault, from the form's
 * check or the server's refusal, shows under the list and marks its boxes. When the catalog cannot be read
 * it says so, and the plan keeps its models (`current`; null for a new plan, which gets every model).
 */
export function PlanModelsField({
  id,
  catalog,
  catalogError,
  current,
  choice,
  onChange,
  fault,
}: {
  id: string;
  catalog: AdminModelCatalog | null;
  catalogError: string | null;
  current: readonly string[] | null | undefined;
  choice: ModelsChoice;
  onChange: (choice: ModelsChoice) => void;
  fault: string | null;
}) {
  if (catalogError)
    return (
      <fieldset className={styles.checks}>
        <legend className={styles.legend}>{t.models}</legend>
        <p className={account.muted}>
          {t.catalogUnread(
            current === undefined ? null : current === null ? t.allModels : current.join('、'),
          )}
        </p>
      </fieldset>
    );

  const known = new Set(catalog?.models.map((model) => model.id));
  // The plan's ids the catalog no longer has stay listed, ticked or not, until the form closes.
  const gone = catalog
    ? [...new Set([...(current ?? []), ...choice.picked])].filter((m) => !known.has(m))
    : [];
  const faultId = `${id}-fault`;
  const tick = (model: string, on: boolean) =>
    onChange({
      ...choice,
      picked: on ? [...choice.picked, model] : choice.picked.filter((picked) => picked !== model),
    });

  return (
    <div className={styles.checks}>
      <Select
        label={t.models}
        items={CHOICES}
        value={choice.limited ? 'some' : 'all'}
        onChange={(key) => onChange({ ...choice, limited: key === 'some' })}
        description={choice.limited ? t.modelsSomeHint : t.modelsAllHint}
        isInvalid={!choice.limited && Boolean(fault)}
        {...(!choice.limited && fault ? { errorMessage: fault } : {})}
        validationBehavior="aria"
      >
        {(item: { id: string }) => (
          <SelectItem id={item.id} textValue={t.modelsChoices[item.id]}>
            {t.modelsChoices[item.id]}
          </SelectItem>
        )}
      </Select>
      {choice.limited ? (
        <fieldset className={styles.checks} {...(fault ? { 'aria-describedby': faultId } : {})}>
          <legend className={styles.legend}>{t.modelsPicked}</legend>
          {catalog ? null : <Spinner size="sm" label={t.modelsLoading} showLabel />}
          {catalog?.models.map((model) => (
            <Checkbox
              key={model.id}
              isSelected={choice.picked.includes(model.id)}
              onChange={(on) => tick(model.id, on)}
              isInvalid={Boolean(fault)}
            >
              <span className={styles.choiceLabel}>
                <span>{model.name}</span> <span className={styles.secondary}>{model.id}</span>
                {model.enabled ? null : (
                  <>
                    {' '}
                    <Badge tone="neutral">{t.modelDisabled}</Badge>
                  </>
                )}
              </span>
            </Checkbox>
          ))}
          {gone.map((model) => (
            <Checkbox
              key={model}
              isSelected={choice.picked.includes(model)}
              onChange={(on) => tick(model, on)}
              isInvalid={Boolean(fault)}
            >
              <span className={account.muted}>{t.modelGone(model)}</span>
            </Checkbox>
          ))}
          {fault ? (
            <p id={faultId} role="alert" className={styles.fault}>
              {fault}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
