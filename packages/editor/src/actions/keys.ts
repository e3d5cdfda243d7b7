/** A key binding of the actions table: `Ctrl+K`, `Ctrl+Alt+F`, `Ctrl+Shift+L`, `Ctrl+\`. Ctrl stands for ⌘ on macOS too. */
export interface KeyBinding {
  /** Ctrl (or ⌘) held; false only for an Alt binding without it, such as Word's Alt+= (a new formula). */
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** The key, lower-case, as KeyboardEvent.key gives it. */
  key: string;
}

export function parseKeys(keys: string): KeyBinding {
  const parts = keys.split('+');
  // `Ctrl++` would end in an empty part; the key is whatever follows the last modifier.
  const key = (parts.length > 1 && parts.at(-1) === '' ? '+' : (parts.at(-1) ?? '')).toLowerCase();
  return { ctrl: parts.includes('Ctrl'), alt: parts.includes('Alt'), shift: parts.includes('Shift'), key };
}

/** The physical keys of the non-letter keys an Alt binding names (macOS types ≠ for ⌥=). */
const PHYSICAL_KEYS: Record<string, string> = { '=': 'Equal' };

type KeyEventLike = Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'key' | 'code'>;

/**
 * Whether a key press is the binding: Shift and Alt must be held exactly when the binding names them. With
 * Alt held, macOS types another character (⌥F is ƒ), so the physical key decides then.
 */
export function matchesKeys(event: KeyEventLike, binding: KeyBinding): boolean {
  // A binding without Ctrl must have Alt (a bare key would be typing).
  if (event.ctrlKey || event.metaKey ? !binding.ctrl : binding.ctrl || !binding.alt) return false;
  if (event.shiftKey !== binding.shift || event.altKey !== binding.alt) return false;
  if (event.key.toLowerCase() === binding.key) return true;
  return binding.alt && event.code === (PHYSICAL_KEYS[binding.key] ?? `Key${binding.key.toUpperCase()}`);
}
