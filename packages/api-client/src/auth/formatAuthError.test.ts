import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorBody, NetworkError, TimeoutError } from '../errors/errors';
import { TokenServiceError } from '../errors/tokenServiceError';
import { formatAuthError, formatLoginError, formatRegisterError } from './formatAuthError';

function apiError(body: ApiErrorBody | null, status = 400): ApiError {
  return new ApiError(new Response(null, { status }), body);
}

describe('formatAuthError', () => {
  it("shows the server's detail", () => {
    expect(formatLoginError(apiError({ detail: '邮箱或密码错误' }, 401))).toBe('邮箱或密码错误');
  });

  it('falls back when there is no detail', () => {
    expect(formatLoginError(apiError({}))).toBe('登录失败，请检查凭据');
    expect(formatRegisterError(apiError(null, 500))).toBe('注册失败');
    expect(formatAuthError(apiError({ detail: '' }), '自定义')).toBe('自定义');
  });

  it("appends ' （field: messages）' from errors, one group per field", () => {
    const error = apiError({
      errors: { email: ['该邮箱已被注册。'], password: ['密码太短。', '密码太常见。'] },
    });
    expect(formatRegisterError(error)).toBe(
      '注册失败 （email: 该邮箱已被注册。；password: 密码太短。 密码太常见。）',
    );
  });

  it('appends the detail and the errors together', () => {
    const error = apiError({ detail: '输入有误', errors: { email: ['邮箱格式不正确'] } });
    expect(formatLoginError(error)).toBe('输入有误 （email: 邮箱格式不正确）');
  });

  it('uses non_field_errors, which belong to no field', () => {
    const error = apiError({ non_field_errors: ['无法使用提供的凭据登录。'] });
    expect(formatLoginError(error)).toBe('登录失败，请检查凭据 （无法使用提供的凭据登录。）');
  });

  it('uses both when both are present, field errors first', () => {
    const error = apiError({ errors: { nickname: ['昵称过长'] }, non_field_errors: ['请稍后再试'] });
    expect(formatRegisterError(error)).toBe('注册失败 （nickname: 昵称过长；请稍后再试）');
  });

  it('skips fields without messages and adds nothing when none remain', () => {
    expect(formatLoginError(apiError({ errors: { email: [] }, non_field_errors: [] }))).toBe(
      '登录失败，请检查凭据',
    );
  });

  it('takes a bare string where the server sent one instead of a list', async () => {
    const response = new Response(JSON.stringify({ errors: { email: '邮箱必填' } }), { status: 400 });
    expect(formatRegisterError(await ApiError.fromResponse(response))).toBe('注册失败 （email: 邮箱必填）');
  });

  it('can show labels instead of field names', () => {
    const error = apiError({ errors: { email: ['必填'], other: ['x'] } });
    expect(formatRegisterError(error, { fieldLabels: { email: '邮箱' } })).toBe(
      '注册失败 （邮箱: 必填；other: x）',
    );
  });

  it('says so when the request got no answer', () => {
    expect(formatLoginError(new NetworkError())).toBe('连接失败，请检查网络后重试');
    expect(formatLoginError(new TimeoutError(30_000))).toBe('请求超时（30 秒），请稍后重试');
  });

  it('falls back for anything else', () => {
    expect(formatLoginError(new Error('boom'))).toBe('登录失败，请检查凭据');
    expect(formatLoginError(new TokenServiceError('LOGGED_OUT'))).toBe('登录失败，请检查凭据');
    expect(formatLoginError('string')).toBe('登录失败，请检查凭据');
  });
});
