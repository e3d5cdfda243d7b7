import { describe, expect, it } from 'vitest';
import { isComposingEvent } from './composing';

describe('isComposingEvent', () => {
  it('treats IME composition keys as composing, so no shortcut fires', () => {
    expect(isComposingEvent({ isComposing: true, keyCode: 70 } as KeyboardEvent)).toBe(true);
    // Chrome and Safari report 229 for keys that go to the IME.
    expect(isComposingEvent({ isComposing: false, keyCode: 229 } as KeyboardEvent)).toBe(true);
    expect(isComposingEvent({ isComposing: false, keyCode: 70 } as KeyboardEvent)).toBe(false);
  });
});
