import { createContext, type ReactNode, useContext } from 'react';
import type { EditorPreferencesHost } from './types';

const PreferencesContext = createContext<EditorPreferencesHost | null>(null);

/**
 * Gives every editor inside it the user's preferences and the way to store them: the host wraps its
 * document pages once, instead of threading them through each editor's props.
 */
export function EditorPreferencesProvider({
  value,
  children,
}: {
  value: EditorPreferencesHost | null;
  children: ReactNode;
}) {
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

/** The host's preferences, or null when the host keeps none (the 偏好设置 entry is then left out). */
export function useEditorPreferencesHost(): EditorPreferencesHost | null {
  return useContext(PreferencesContext);
}
