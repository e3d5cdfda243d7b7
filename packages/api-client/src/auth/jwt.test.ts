import { describe, expect, it } from 'vitest';
import { makeJwt } from '../testing/helpers';
import { decodeJwtPayload, getTokenExpiry, getTokenOwner } from './jwt';

describe('JWT payload', () => {
  it('decodes base64url payloads, UTF-8 included', () => {
    const token = makeJwt({ sub: 'u1', nickname: '小明', exp: 1_700_000_000 });
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', nickname: '小明', exp: 1_700_000_000 });
    expect(getTokenExpiry(token)).toBe(1_700_000_000_000);
  });

  it.each([
    ['no dots', 'opaque'],
    ['not base64', 'a.%%%.c'],
    ['not JSON', `a.${btoa('nope')}.c`],
    ['an array', `a.${btoa('[1]')}.c`],
  ])('returns null for %s', (_label, token) => {
    expect(decodeJwtPayload(token)).toBeNull();
    expect(getTokenExpiry(token)).toBeNull();
  });

  it('has no expiry without a numeric exp', () => {
    expect(getTokenExpiry(makeJwt({ exp: '1700000000' }))).toBeNull();
  });
});

describe('token owner', () => {
  it.each([
    [{ sub: 's', user_id: 'u' }, 's'],
    [{ user_id: 'u', uid: 'x' }, 'u'],
    [{ uid: 7 }, '7'],
    [{ email: 'a@b.cn', username: 'n' }, 'a@b.cn'],
    [{ username: 'n' }, 'n'],
    [{ id: 'i' }, 'i'],
    [{ sub: '' }, 'anon'],
    [{}, 'anon'],
  ])('reads %o as %s', (claims, owner) => {
    expect(getTokenOwner(makeJwt(claims))).toBe(owner);
  });

  it('is anon without a token', () => {
    expect(getTokenOwner(null)).toBe('anon');
    expect(getTokenOwner('garbage')).toBe('anon');
  });
});
