import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../errors/errors';
import { TokenServiceError } from '../errors/tokenServiceError';
import { enUS, setMessages, t, zhCN } from './messages';

afterEach(() => {
  setMessages(zhCN);
});

describe('messages', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('requestTimeout', { seconds: 30 })).toBe('请求超时（30 秒），请稍后重试');
    expect(t('apiRequestFailed')).toBe('API 请求失败: {detail}');
  });

  it('has every zh-CN key in en-US', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it('switches the texts of errors created afterwards', () => {
    setMessages(enUS);
    expect(new NetworkError().message).toBe('Connection failed, please check your network and retry');
    expect(new ApiError(new Response(null, { status: 500 }), null).message).toBe(
      'API request failed: Unknown server error',
    );
    expect(new TokenServiceError('REFRESH_COOLDOWN', { retryAfterMs: 12_300 }).message).toBe(
      'Renewing the session failed, retry in 13 s',
    );
  });
});
