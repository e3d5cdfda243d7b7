/**
 * The user's word-processor preferences in the app: loaded from the server for the signed-in user, kept in
 * one jotai atom, saved through the API client. The editor gets them through EditorPreferencesProvider and
 * never calls the server itself.
 */
import {
  type ApiClient,
  type EditorPreferencesUpdate,
  DEFAULT_EDITOR_PREFERENCES as WIRE_DEFAULTS,
  type EditorPreferences as WirePreferences,
} from '@wanxiang/api-client';
import type { EditorPreferences, EditorPreferencesHost } from '@wanxiang/editor';
import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo } from 'react';

export function fromWire(wire: WirePreferences): EditorPreferences {
  return {
    fontFamily: wire.font_family,
    fontSizePx: wire.font_size_px,
    view: wire.view,
    autosave: wire.autosave,
    spellcheck: wire.spellcheck,
    assistantModel: wire.assistant_model,
  };
}

/** The fields of `next` that differ from `current`, as the server names them: only those are sent. */
export function changesOf(current: EditorPreferences, next: EditorPreferences): EditorPreferencesUpdate {
  const changes: EditorPreferencesUpdate = {};
  if (next.fontFamily !== current.fontFamily)
    changes.font_family = next.fontFamily as EditorPreferencesUpdate['font_family'];
  if (next.fontSizePx !== current.fontSizePx) changes.font_size_px = next.fontSizePx;
  if (next.view !== current.view) changes.view = next.view;
  if (next.autosave !== current.autosave) changes.autosave = next.autosave;
  if (next.spellcheck !== current.spellcheck) changes.spellcheck = next.spellcheck;
  if (next.assistantModel !== current.assistantModel) changes.assistant_model = next.assistantModel;
  return changes;
}

export type PreferencesState =
  | { owner: null; status: 'idle' }
  /** `failed`: the server could not be asked; the defaults apply meanwhile, and the next page asks again. */
  | { owner: string; status: 'loading' | 'ready' | 'failed'; preferences: EditorPreferences };

const DEFAULTS = fromWire(WIRE_DEFAULTS);

export const preferencesAtom = atom<PreferencesState>({ owner: null, status: 'idle' });

type Api = Pick<ApiClient, 'preferences' | 'models'>;

/** Loads the owner's preferences unless they are loaded or loading already (a new owner starts over). */
export const loadPreferencesAtom = atom(
  null,
  async (get, set, { api, owner }: { api: Api; owner: string }) => {
    const current = get(preferencesAtom);
    if (current.owner === owner && current.status !== 'failed') return;
    set(preferencesAtom, { owner, status: 'loading', preferences: DEFAULTS });
    try {
      const preferences = fromWire(await api.preferences.get());
      if (get(preferencesAtom).owner === owner) set(preferencesAtom, { owner, status: 'ready', preferences });
    } catch {
      if (get(preferencesAtom).owner === owner)
        set(preferencesAtom, { owner, status: 'failed', preferences: DEFAULTS });
    }
  },
);

/**
 * The preferences of `owner` for the editor: loaded when first needed, saved field by field (only what
 * changed, so a failed load never overwrites the stored ones with the defaults). `status` lets a page wait
 * for them before it opens a new document.
 */
export function usePreferencesHost(api: Api, owner: string) {
  const state = useAtomValue(preferencesAtom);
  const load = useSetAtom(loadPreferencesAtom);
  const store = useStore();
  useEffect(() => {
    void load({ api, owner });
  }, [load, api, owner]);
  const mine = state.owner === owner ? state : null;
  const preferences = mine?.preferences ?? DEFAULTS;
  const host = useMemo<EditorPreferencesHost>(
    () => ({
      preferences,
      async save(next) {
        const changes = changesOf(preferences, next);
        if (Object.keys(changes).length === 0) return;
        const stored = fromWire(await api.preferences.update(changes));
        const now = store.get(preferencesAtom);
        if (now.owner === owner) store.set(preferencesAtom, { owner, status: 'ready', preferences: stored });
      },
      async loadModels(signal) {
        const models = await api.models.listModels({ signal });
        return models.map((model) => ({ id: model.id, name: model.name }));
      },
    }),
    [preferences, api, owner, store],
  );
  return { host, status: mine?.status ?? 'loading' } as const;
}
