import { describe, expect, it } from 'vitest';
import { isChatPath, sessionPath, syncFromAddress } from './sessionRoute';

describe('the chat address', () => {
  it('is /home for a new chat and /home/{id} for a session', () => {
    expect(sessionPath(null)).toBe('/home');
    expect(sessionPath('a b')).toBe('/home/a%20b');
  });

  it('counts only the chat routes as the chat', () => {
    expect(isChatPath('/home')).toBe(true);
    expect(isChatPath('/home/123')).toBe(true);
    expect(isChatPath('/homework')).toBe(false);
    expect(isChatPath('/document')).toBe(false);
    expect(isChatPath('/stock')).toBe(false);
  });

  it('opens the session the address names, or a new chat on /home', () => {
    expect(syncFromAddress('s1', null)).toEqual({ kind: 'open', id: 's1' });
    expect(syncFromAddress('s2', 's1')).toEqual({ kind: 'open', id: 's2' });
    expect(syncFromAddress(null, 's1')).toEqual({ kind: 'newChat' });
    expect(syncFromAddress('s1', 's1')).toEqual({ kind: 'none' });
  });
});
