/** True while an IME is composing: no shortcut may fire then (the keys belong to the candidate window). */
export function isComposingEvent(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}
