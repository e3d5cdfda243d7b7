import { describe, expect, it } from 'vitest';
import {
  currentUser,
  loginResponse,
  refreshResponse,
  registerResponse,
  registrationPolicy,
} from '../contract/auth';
import type { ResponseSchema } from '../http/httpClient';
import {
  currentUserAnswer,
  loginAnswer,
  refreshAnswer,
  registerAnswer,
  registrationPolicyAnswer,
} from './authAnswers';

/** Each hand check next to the contract schema it stands in for, with answers good, odd and wrong. */
const pairs: [string, ResponseSchema<unknown>, ResponseSchema<unknown>, unknown[]][] = [
  [
    'login',
    loginAnswer,
    loginResponse,
    [
      { access: 'a', refresh: 'r', device_id: 'd' },
      { access: 'a', refresh: 'r', device_id: 'd', extra: 1 },
      { access: 'a', refresh: 'r' },
      { access: 1, refresh: 'r', device_id: 'd' },
      null,
      [],
      'text',
    ],
  ],
  [
    'register',
    registerAnswer,
    registerResponse,
    [{ id: '1', email: 'a@b.cn', nickname: 'n' }, { id: 1, email: 'a@b.cn', nickname: 'n' }, {}],
  ],
  [
    'registration policy',
    registrationPolicyAnswer,
    registrationPolicy,
    [
      { mode: 'open', signup_credits: 100 },
      { mode: 'invite', signup_credits: 0 },
      { mode: 'closed', signup_credits: 0, more: true },
      { mode: 'sometimes', signup_credits: 0 },
      { mode: 'open', signup_credits: 1.5 },
      { mode: 'open', signup_credits: '100' },
      { mode: 'open', signup_credits: 2 ** 60 },
      { mode: 'open', signup_credits: 5, terms_url: 'https://x.cn/terms', privacy_url: null },
      { mode: 'open', signup_credits: 5, terms_url: 3 },
    ],
  ],
  [
    'current user',
    currentUserAnswer,
    currentUser,
    [
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5, subscription_plan: null },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5, subscription_plan: { name: 'Pro', x: 1 } },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5, subscription_plan: { name: null } },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5, subscription_plan: {} },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5 },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: -3.2, subscription_plan: null },
      {
        id: 'u',
        email: 'e',
        nickname: 'n',
        credits_balance: 5,
        subscription_plan: { name: '策略订阅', expires_at: '2026-12-28T03:00:00.000Z' },
        role: 'admin',
      },
      {
        id: 'u',
        email: 'e',
        nickname: 'n',
        credits_balance: 5,
        subscription_plan: { name: 'P', expires_at: null },
      },
      {
        id: 'u',
        email: 'e',
        nickname: 'n',
        credits_balance: 5,
        subscription_plan: { name: 'P', expires_at: 7 },
      },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5, subscription_plan: null, role: 'user' },
      { id: 'u', email: 'e', nickname: 'n', credits_balance: 5, subscription_plan: null, role: 'root' },
    ],
  ],
  [
    'refresh',
    refreshAnswer,
    refreshResponse,
    [{ access: 'a' }, { access_token: 'a', refresh: 'r' }, {}, { access: null }, { refresh: 3 }, 'x'],
  ],
];

describe('the auth answers checked without zod', () => {
  for (const [name, check, schema, answers] of pairs) {
    it(`accept and keep what the ${name} schema does`, () => {
      for (const answer of answers) {
        const mine = check.safeParse(answer);
        const zods = schema.safeParse(answer);
        expect({ answer, success: mine.success }).toEqual({ answer, success: zods.success });
        if (mine.success && zods.success) expect(mine.data).toEqual(zods.data);
        if (!mine.success) expect(mine.error.issues.length).toBeGreaterThan(0);
      }
    });
  }
});
