import { ApiError } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { fieldErrorProps, safeNextPath } from './authForm';

describe('fieldErrorProps', () => {
  const failure = new ApiError(new Response(null, { status: 400 }), {
    errors: { email: ['该邮箱已被注册', '请换一个'], password: [] },
  });

  it("marks the field invalid with the server's messages for it, joined", () => {
    expect(fieldErrorProps(failure, 'email')).toEqual({
      isInvalid: true,
      errorMessage: '该邮箱已被注册 请换一个',
    });
  });

  it('leaves a field without messages, and every field after other failures, as it is', () => {
    const valid = { isInvalid: false, errorMessage: undefined };
    expect(fieldErrorProps(failure, 'password')).toEqual(valid);
    expect(fieldErrorProps(failure, 'nickname')).toEqual(valid);
    expect(fieldErrorProps(new Error('连接失败'), 'email')).toEqual(valid);
    expect(fieldErrorProps(null, 'email')).toEqual(valid);
  });
});

describe('safeNextPath', () => {
  it('keeps a path of this app and refuses anything else', () => {
    expect(safeNextPath('/documents?id=1')).toBe('/documents?id=1');
    expect(safeNextPath(null)).toBe('/home');
    expect(safeNextPath('https://evil.example')).toBe('/home');
    expect(safeNextPath('//evil.example')).toBe('/home');
    expect(safeNextPath('/login?next=/home')).toBe('/home');
    expect(safeNextPath('/register')).toBe('/home');
  });
});
