import { APICallError } from 'ai';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, users } from '../src/db/schema';
import { holdCredits } from '../src/modules/billing/holds';
import { applyCreditChange } from '../src/modules/billing/ledger';
import { GenerationControl } from '../src/modules/generation/control';
import { holdGeneration, settleGeneration } from '../src/modules/generation/hold';
import { openStream } from '../src/modules/generation/provider';
import { outcomeOf, relay } from '../src/modules/generation/relay';
import { RunningGenerations } from '../src/modules/generation/running';
import type { LanguageModelV3, StreamPart } from '../src/modules/models/language-model';
import { databaseKinds, useTestDatabase } from './helpers';

const tokenModel = {
  isPerCall: false,
  fixedPrice: 0,
  inputPrice: 1000,
  outputPrice: 1000,
  maxOutputTokens: 100,
};
const perCall = { isPerCall: true, fixedPrice: 7, inputPrice: 0, outputPrice: 0, maxOutputTokens: 100 };

const usage = (input: number | undefined, output: number | undefined) =>
  ({
    inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
  }) as Extract<StreamPart, { type: 'finish' }>['usage'];

const unavailable = () =>
  new APICallError({ message: 'busy', url: 'http://provider', requestBodyValues: {}, statusCode: 503 });

/**
 * A model whose calls answer in turn from `answers`: an error to throw, or the parts to stream. A stream
 * whose parts end with `'hang'` stays open until the call is aborted.
 */
function fakeModel(answers: (Error | (StreamPart | 'hang')[])[]) {
  const calls: { maxOutputTokens: number | undefined }[] = [];
  const model = {
    specificationVersion: 'v3',
    provider: 'fake',
    modelId: 'fake',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('not used')),
    doStream: async (options: { maxOutputTokens?: number; abortSignal?: AbortSignal }) => {
      calls.push({ maxOutputTokens: options.maxOutputTokens });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      if (answer instanceof Error) throw answer;
      const stream = new ReadableStream<StreamPart>({
        start(controller) {
          for (const part of answer) {
            if (part === 'hang') {
              const signal = options.abortSignal;
              const end = () => controller.error(signal?.reason);
              if (signal?.aborted) end();
              else signal?.addEventListener('abort', end, { once: true });
              return;
            }
            controller.enqueue(part);
          }
          controller.close();
        },
      });
      return { stream };
    },
  } as unknown as LanguageModelV3;
  return { model, calls };
}

const call = (model: LanguageModelV3) => ({ model, prompt: [], maxOutputTokens: 100 });
const relayOptions = (model: LanguageModelV3, idleTimeout = 60) => {
  const pieces: string[] = [];
  return {
    pieces,
    options: {
      call: call(model),
      promptTokens: 10,
      retries: 1,
      idleTimeout,
      text: (delta: string) => pieces.push(delta),
    },
  };
};

describe('the provider call', () => {
  it('retries a call that failed before answering, and gives up after its retries', async () => {
    const ok = fakeModel([unavailable(), [{ type: 'text-delta', id: '1', delta: 'hi' }]]);
    const stream = await openStream(call(ok.model), new AbortController().signal, 1);
    expect(ok.calls).toHaveLength(2);
    await stream.cancel();

    const failing = fakeModel([unavailable(), unavailable()]);
    await expect(openStream(call(failing.model), new AbortController().signal, 1)).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(failing.calls).toHaveLength(2);
  });

  it('does not retry what a retry cannot mend, nor after an abort', async () => {
    const refused = new APICallError({
      message: 'bad key',
      url: 'http://provider',
      requestBodyValues: {},
      statusCode: 401,
    });
    const rejected = fakeModel([refused]);
    await expect(openStream(call(rejected.model), new AbortController().signal, 3)).rejects.toBe(refused);
    expect(rejected.calls).toHaveLength(1);

    const aborted = new AbortController();
    aborted.abort();
    const busy = fakeModel([unavailable(), unavailable()]);
    await expect(openStream(call(busy.model), aborted.signal, 3)).rejects.toBeInstanceOf(APICallError);
    expect(busy.calls).toHaveLength(1);
  });
});

describe('the relay', () => {
  it('hands on the text, keeps the reasoning and the reported usage, and prices them', async () => {
    const { model } = fakeModel([
      [
        { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
        { type: 'text-delta', id: '1', delta: '你好' },
        { type: 'text-delta', id: '1', delta: '' },
        { type: 'text-delta', id: '1', delta: '世界' },
        { type: 'finish', usage: usage(12, 30), finishReason: { unified: 'stop', raw: 'stop' } },
      ] as StreamPart[],
    ]);
    const control = new GenerationControl();
    const { pieces, options } = relayOptions(model);
    const relayed = await relay(control, options);
    expect(pieces).toEqual(['你好', '世界']);
    expect(relayed).toEqual({ text: '你好世界', reasoning: 'thinking', reported: { input: 12, output: 30 } });
    expect(outcomeOf(control, relayed, { pricing: tokenModel, promptTokens: 10, idleTimeout: 60 })).toEqual({
      status: 'complete',
      failure: undefined,
      usage: { input_tokens: 12, output_tokens: 30, total_tokens: 42, estimated: false },
      cost: 42,
    });
  });

  it('records a provider error part as the failure, and an empty answer as one', async () => {
    const broken = fakeModel([
      [
        { type: 'text-delta', id: '1', delta: 'a' },
        { type: 'error', error: new Error('cut') },
        { type: 'text-delta', id: '1', delta: 'never' },
      ] as StreamPart[],
    ]);
    const control = new GenerationControl();
    const { pieces, options } = relayOptions(broken.model);
    const relayed = await relay(control, options);
    expect(pieces).toEqual(['a']);
    const outcome = outcomeOf(control, relayed, { pricing: tokenModel, promptTokens: 10, idleTimeout: 60 });
    expect(outcome.status).toBe('error');
    expect(outcome.failure?.code).toBe('provider_error');
    // What was generated before the failure is paid for, on an estimate.
    expect(outcome.usage?.estimated).toBe(true);

    const empty = fakeModel([[{ type: 'finish', usage: usage(undefined, undefined) }] as StreamPart[]]);
    const emptyControl = new GenerationControl();
    const nothing = await relay(emptyControl, relayOptions(empty.model).options);
    const emptyOutcome = outcomeOf(emptyControl, nothing, {
      pricing: tokenModel,
      promptTokens: 10,
      idleTimeout: 60,
    });
    expect(emptyOutcome).toMatchObject({ status: 'error', usage: null, cost: 0 });
    expect(emptyOutcome.failure?.code).toBe('provider_error');
  });

  it('stops a stream when asked: what came is kept and charged, status stopped', async () => {
    const { model } = fakeModel([[{ type: 'text-delta', id: '1', delta: 'partial' }, 'hang']]);
    const control = new GenerationControl();
    const { options } = relayOptions(model);
    const relaying = relay(control, { ...options, text: () => control.stop('client') });
    const relayed = await relaying;
    expect(control.signal.aborted).toBe(true);
    const outcome = outcomeOf(control, relayed, { pricing: tokenModel, promptTokens: 10, idleTimeout: 60 });
    expect(outcome).toMatchObject({ status: 'stopped', failure: undefined });
    expect(outcome.usage).toMatchObject({ input_tokens: 10, estimated: true });
    expect(outcome.cost).toBeGreaterThan(10);
  });

  it('stops a provider that stays silent, as a timeout that costs nothing when nothing came', async () => {
    const { model } = fakeModel([['hang']]);
    const control = new GenerationControl();
    const relayed = await relay(control, relayOptions(model, 0.05).options);
    expect(control.stopReason).toBe('timeout');
    const outcome = outcomeOf(control, relayed, { pricing: tokenModel, promptTokens: 10, idleTimeout: 0.05 });
    expect(outcome).toMatchObject({ status: 'error', usage: null, cost: 0 });
    expect(outcome.failure?.code).toBe('provider_timeout');
  });

  it('stops every running generation at shutdown and waits for each', async () => {
    const running = new RunningGenerations();
    const stopped: string[] = [];
    let settle!: () => void;
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    running.add('a', { stop: (reason) => stopped.push(reason), done });
    let finished = false;
    const stopping = running.stopAll().then(() => {
      finished = true;
    });
    expect(stopped).toEqual(['shutdown']);
    await Promise.resolve();
    expect(finished).toBe(false);
    settle();
    await stopping;
    expect(finished).toBe(true);
  });
});

describe.each(databaseKinds)('the hold and its settlement on %s', (kind) => {
  const db = useTestDatabase(kind);

  async function newUser(balance: number) {
    const [user] = await db()
      .database.db.insert(users)
      .values({ email: `g${Math.random()}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    if (balance > 0)
      await applyCreditChange(db().database.db, { userId: user.id, delta: balance, kind: 'grant' });
    return user.id;
  }

  async function balance(userId: string) {
    const [row] = await db()
      .database.db.select({ balance: users.creditsBalance })
      .from(users)
      .where(eq(users.id, userId));
    return row?.balance;
  }

  const settlement = (userId: string, reference: string, reserve: number, cost: number) => ({
    userId,
    reference,
    reserve,
    cost,
    refundNote: 'refund',
    extraNote: 'extra',
    kind: 'chat' as const,
  });

  it('holds a full answer when the balance allows, else the balance with a shorter answer', async () => {
    const rich = await newUser(1000);
    // 10 prompt tokens and 100 of answer at 1000 credits per thousand: 110.
    const full = await holdGeneration(db().database.db, {
      userId: rich,
      reference: 'test:full',
      note: 'hold',
      kind: 'chat',
      model: tokenModel,
      promptTokens: 10,
    });
    expect(full).toEqual({ reserve: 110, maxOutputTokens: 100 });
    expect(await balance(rich)).toBe(890);

    const poor = await newUser(50);
    const cut = await holdGeneration(db().database.db, {
      userId: poor,
      reference: 'test:cut',
      note: 'hold',
      kind: 'chat',
      model: tokenModel,
      promptTokens: 10,
    });
    expect(cut).toEqual({ reserve: 50, maxOutputTokens: 40 });
    expect(await balance(poor)).toBe(0);
  });

  it('refuses with 402 below the least the answer can cost, and holds nothing for a free model', async () => {
    const userId = await newUser(5);
    await expect(
      holdGeneration(db().database.db, {
        userId,
        reference: 'test:refused',
        note: 'hold',
        kind: 'chat',
        model: perCall,
        promptTokens: 10,
      }),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect(await balance(userId)).toBe(5);
    const free = { ...tokenModel, inputPrice: 0, outputPrice: 0 };
    expect(
      await holdGeneration(db().database.db, {
        userId,
        reference: 'test:free',
        note: 'hold',
        kind: 'chat',
        model: free,
        promptTokens: 10,
      }),
    ).toEqual({ reserve: 0, maxOutputTokens: 100 });
    expect(await balance(userId)).toBe(5);
  });

  it('settles an aborted answer to what it generated and refunds the rest, with its record', async () => {
    const userId = await newUser(200);
    const reserve = await holdCredits(db().database.db, {
      userId,
      reference: 'test:abort',
      full: 110,
      minimum: 11,
      note: 'hold',
      kind: 'chat',
    });
    expect(reserve).toBe(110);
    const recorded = await settleGeneration(
      db().database.db,
      settlement(userId, 'test:abort', 110, 25),
      async (_tx, settled) => settled,
    );
    expect(recorded).toEqual({ charged: 25, balance: 175 });
    const refunds = await db()
      .database.db.select({ delta: creditLedger.delta, kind: creditLedger.kind })
      .from(creditLedger)
      .where(eq(creditLedger.reference, 'test:abort'));
    expect(refunds).toEqual(expect.arrayContaining([{ delta: 85, kind: 'refund' }]));
  });

  it('changes nothing when the record cannot be written', async () => {
    const userId = await newUser(200);
    await holdCredits(db().database.db, {
      userId,
      reference: 'test:rollback',
      full: 100,
      minimum: 1,
      note: 'h',
      kind: 'chat',
    });
    await expect(
      settleGeneration(db().database.db, settlement(userId, 'test:rollback', 100, 0), async () => {
        throw new Error('record failed');
      }),
    ).rejects.toThrow('record failed');
    expect(await balance(userId)).toBe(100);
  });
});
