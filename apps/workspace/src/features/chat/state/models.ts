import { atom } from 'jotai';
import { chatText } from '../messages';
import { chatDepsAtom, chatDepsSlotAtom, generationAtom } from './deps';
import { bannerAtom } from './flags';
import type { ChatModel } from './types';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ModelsState {
  status: LoadStatus;
  items: readonly ChatModel[];
}

export const initialModels: ModelsState = { status: 'idle', items: [] };

/** The models the selector offers. */
export const modelsAtom = atom<ModelsState>(initialModels);

/** The model chosen in this store; undefined: none yet, the stored choice counts. */
export const chosenModelIdAtom = atom<string | null | undefined>(undefined);

/** The model the next question goes to: the choice made here, else the one kept across visits. */
export const selectedModelIdAtom = atom((get) => {
  const chosen = get(chosenModelIdAtom);
  if (chosen !== undefined) return chosen;
  return get(chatDepsSlotAtom)?.selectedModel.get() ?? null;
});

/** Loads the models; the stored choice wins, else the server's default, else the first. */
export const loadModelsAtom = atom(null, async (get, set): Promise<void> => {
  const deps = get(chatDepsAtom);
  set(modelsAtom, (models) => ({ ...models, status: 'loading' }));
  const generation = get(generationAtom);
  try {
    const items = await deps.backend.listModels();
    if (generation !== get(generationAtom)) return;
    const stored = get(selectedModelIdAtom) ?? deps.selectedModel.get();
    const selected =
      items.find((m) => m.id === stored) ?? items.find((m) => m.is_default) ?? items[0] ?? null;
    set(modelsAtom, { status: 'ready', items });
    set(chosenModelIdAtom, selected?.id ?? null);
  } catch {
    if (generation !== get(generationAtom)) return;
    set(modelsAtom, (models) => ({ ...models, status: 'error' }));
  }
});

/** Chooses the model of the next questions, kept across visits; the 未选择模型 banner goes. */
export const selectModelAtom = atom(null, (get, set, id: string) => {
  get(chatDepsAtom).selectedModel.set(id);
  set(chosenModelIdAtom, id);
  if (get(bannerAtom) === chatText.noModelSelected) set(bannerAtom, null);
});

/** The chosen model, or null with the 未选择模型 banner. */
export const modelOrBannerAtom = atom(null, (get, set): string | null => {
  const modelId = get(selectedModelIdAtom);
  if (!modelId) set(bannerAtom, chatText.noModelSelected);
  return modelId;
});
