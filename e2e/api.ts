/**
 * What a journey or a bench prepares through the server's API beside the browser, with plain fetch: a
 * sign-in of its own and the strategy plan bought with the credits every new account has.
 */

/** The password of every account the journeys make. */
export const PASSWORD = 'wanxiang-e2e-2026';

/** Signs `email` in through the API and resolves with its access token. */
export async function accessOf(baseURL: string, email: string, password = PASSWORD): Promise<string> {
  const login = await fetch(`${baseURL}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const access = ((await login.json()) as { access?: string }).access;
  if (!login.ok || !access) throw new Error(`login answered ${login.status}`);
  return access;
}

/**
 * Buys the strategy's first plan (策略月度订阅, 300 积分) for the user of `access`, through the same API
 * the board's 订阅 calls: the minute emotion, the live feed and today's picks answer a subscriber only.
 */
export async function subscribeToStrategy(baseURL: string, access: string): Promise<void> {
  const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
  const plansAnswer = await fetch(`${baseURL}/api/v1/strategy/plans/`, { headers });
  const plans = (await plansAnswer.json()) as { code: string }[];
  const plan = plans[0]?.code;
  if (!plansAnswer.ok || !plan) throw new Error(`the plans answered ${plansAnswer.status} with no plan`);
  const bought = await fetch(
    `${baseURL}/api/v1/strategy/strategies/daily_board_hitting_strategy/subscription/`,
    { method: 'POST', headers, body: JSON.stringify({ plan, request_id: crypto.randomUUID() }) },
  );
  if (!bought.ok) throw new Error(`buying ${plan} answered ${bought.status}: ${await bought.text()}`);
}
