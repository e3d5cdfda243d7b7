import { ApiError, formatLoginError } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { fieldErrorProps, formErrorMessage, plainFieldMessage, safeNextPath } from './authForm';

describe('fieldErrorProps', () => {
  const failure = new ApiError(new Response(null, { status: 400 }), {
    errors: { email: ['该邮箱已被注册', '请换一个'], password: [] },
  });

  it("marks the field invalid with the server's messages for it, joined", () => {
    expect(fieldErrorProps(failure, 'email')).toEqual({
      isInvalid: true,
      errorMessage: '该邮箱已被注册；请换一个',
    });
  });

  it("says the validator's generic phrases in plain words, naming the field", () => {
    expect(plainFieldMessage('该字段不能为空。', '邮箱')).toBe('请输入邮箱');
    expect(plainFieldMessage('该字段是必填项。', '密码')).toBe('请输入密码');
    expect(plainFieldMessage('该字段应为字符串。', '昵称')).toBe('昵称应为字符串');
    expect(plainFieldMessage('请输入有效的邮箱地址。', '邮箱')).toBe('请输入有效的邮箱地址');
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

describe('formErrorMessage', () => {
  const format = (error: unknown) =>
    formatLoginError(error, { fieldLabels: { email: '邮箱', password: '密码' } });
  const failure = (body: object) => new ApiError(new Response(null, { status: 400 }), body);

  it('says nothing above the form when every message is shown under its field', () => {
    const error = failure({ errors: { email: ['该字段不能为空。'], password: ['该字段不能为空。'] } });
    expect(formErrorMessage(error, ['email', 'password'], format)).toBeNull();
  });

  it('keeps the detail and bracketed wording for what is about no field of the form, without the shown ones', () => {
    expect(formErrorMessage(failure({ detail: '邮箱或密码错误' }), ['email'], format)).toBe('邮箱或密码错误');
    expect(
      formErrorMessage(
        failure({ errors: { email: ['x'], device: ['设备无效'] }, non_field_errors: ['账号已停用'] }),
        ['email', 'password'],
        format,
      ),
    ).toBe('登录失败，请检查凭据 （device: 设备无效；账号已停用）');
    expect(formErrorMessage(new Error('连接失败'), ['email'], format)).toBe('登录失败，请检查凭据');
  });
});
