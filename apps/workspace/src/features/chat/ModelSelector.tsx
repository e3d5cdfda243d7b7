import { Select, SelectItem, Spinner } from '@wanxiang/ui';
import * as styles from './HomePage.css';
import { chatText } from './messages';
import { formatModelPrice } from './state/format';
import type { LoadStatus } from './state/models';
import type { ChatModel } from './state/types';

export interface ModelSelectorProps {
  models: readonly ChatModel[];
  status: LoadStatus;
  selectedId: string | null;
  onSelect: (id: string) => void;
  isDisabled?: boolean;
}

/** The model picker of the chat pane: each model with its price in credits. */
export function ModelSelector({
  models,
  status,
  selectedId,
  onSelect,
  isDisabled = false,
}: ModelSelectorProps) {
  if (status === 'loading' && models.length === 0) {
    return <Spinner size="sm" label={chatText.modelsLoading} showLabel />;
  }
  if (status === 'ready' && models.length === 0) {
    return <span className={styles.modelNote}>{chatText.modelsEmpty}</span>;
  }
  const selected = models.find((m) => m.id === selectedId);
  return (
    <div className={styles.modelSelector}>
      <Select
        aria-label={chatText.model}
        placeholder={chatText.modelPlaceholder}
        items={models}
        value={selected ? selected.id : null}
        onChange={(key) => {
          if (key !== null) onSelect(String(key));
        }}
        isDisabled={isDisabled || models.length === 0}
        className={styles.modelSelect}
      >
        {(model: ChatModel) => (
          <SelectItem id={model.id} textValue={model.name} description={formatModelPrice(model)}>
            {model.name}
          </SelectItem>
        )}
      </Select>
      {selected ? (
        <span className={styles.modelNote} data-testid="model-price">
          {formatModelPrice(selected)}
        </span>
      ) : null}
    </div>
  );
}
