/**
 * An answer outlives the connection that asked for it: a reload or another tab follows it live
 * (GET sessions/{id}/live/) and may stop it (POST sessions/{id}/stop/), on this instance or another one
 * sharing the database; billing stays that of a stop.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import {
  finalOf,
  follow,
  ledgerState,
  parseStream,
  rawTurn,
  signUp,
  textOf,
  turnOf,
  waitFor,
} from './chat-support';
import { databaseKinds, listen, useApps, useTestDatabase } from './helpers';

/** A slow answer (about 250 pieces) that goes on for a minute with no one watching. */
const LIVE = { OFFLINE_MODEL_CHUNK_DELAY: '15ms', CHAT_UNWATCHED_GRACE: '60s', RATE_LIMIT_MAX: '100000' };
const PROMPT = { model_id: OFFLINE_MODEL_ID, prompt: { text: '请慢慢讲一个很长的故事' } };

async function answerRow(db: ReturnType<ReturnType<typeof useTestDatabase>>, id: string) {
  const [row] = await db.database.db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

describe.each(databaseKinds)('a live answer on %s', (kind) => {
  const db = useTestDatabase(kind);
  const app = useApps(db);

  it('replays what another tab has so far, then follows it to the same complete answer', async () => {
    const server = await app(LIVE);
    const base = await listen(server);
    const { access, userId } = await signUp(server, db().database.db, 1000);
    const asking = rawTurn(base, access, PROMPT);
    await asking.textFrames(20);
    const ids = turnOf(asking.received);
    // The first frame names the new chat as the history will list it.
    expect(ids.title).toBe('请慢慢讲一个很长的故事');
    const second = follow(base, access, ids.session_id);
    await second.textReaches(1);
    const [turnFrame, replay] = second.events;
    expect(turnFrame).toEqual({ type: 'turn', turn: ids });
    // Everything so far in one piece: at least the 20 pieces the asking tab had seen.
    expect(replay?.type).toBe('text');
    expect(replay?.type === 'text' && replay.text.length).toBeGreaterThanOrEqual(40);
    await Promise.all([asking.ended, second.ended]);
    const asked = parseStream(asking.received);
    expect(textOf(second.events)).toBe(textOf(asked));
    expect(finalOf(second.events)).toEqual(finalOf(asked));
    expect(finalOf(second.events)).toMatchObject({ status: 'complete', message_id: ids.message_id });
    expect(second.events.at(-1)).toEqual({ type: 'done' });
    const state = await ledgerState(db().database.db, userId);
    expect(state.ledgerSum).toBe(state.balance);
    expect(state.balance).toBe(1000 - (finalOf(asked).credits_charged ?? 0));
  });

  it('goes on after the asking tab reloads: the reloaded tab follows it to the end, charged in full', async () => {
    const server = await app(LIVE);
    const base = await listen(server);
    const { access, userId } = await signUp(server, db().database.db, 1000);
    const asking = rawTurn(base, access, PROMPT);
    await asking.textFrames(10);
    const ids = turnOf(asking.received);
    asking.abort();
    await asking.ended;
    const reloaded = follow(base, access, ids.session_id);
    await reloaded.ended;
    const final = finalOf(reloaded.events);
    expect(final.status).toBe('complete');
    expect(textOf(reloaded.events)).toContain('离线演示模型');
    const row = await answerRow(db(), ids.message_id);
    expect(row?.status).toBe('complete');
    expect(textOf(reloaded.events)).toBe(row?.text);
    expect(await ledgerState(db().database.db, userId)).toMatchObject({
      balance: 1000 - (final.credits_charged ?? 0),
      ledgerSum: 1000 - (final.credits_charged ?? 0),
    });
  });

  it('is stopped from another connection: every tab gets the stopped answer, charged for what was generated', async () => {
    const server = await app(LIVE);
    const base = await listen(server);
    const { access, userId, auth } = await signUp(server, db().database.db, 1000);
    const asking = rawTurn(base, access, PROMPT);
    await asking.textFrames(10);
    const ids = turnOf(asking.received);
    const second = follow(base, access, ids.session_id);
    await second.textReaches(20);
    const stop = await server.inject({
      method: 'POST',
      url: `/api/chat/sessions/${ids.session_id}/stop/`,
      headers: auth,
    });
    expect(stop.statusCode).toBe(204);
    await Promise.all([asking.ended, second.ended]);
    const asked = parseStream(asking.received);
    const final = finalOf(asked);
    expect(final.status).toBe('stopped');
    expect(finalOf(second.events)).toEqual(final);
    const row = await answerRow(db(), ids.message_id);
    expect(row?.status).toBe('stopped');
    expect(row?.text).toBe(textOf(asked));
    expect(textOf(second.events)).toBe(row?.text);
    // Well short of the whole answer, and charged only for it.
    expect(row?.text.length).toBeLessThan(600);
    expect(row?.usageEstimated).toBe(true);
    const cost = Math.ceil((row?.inputTokens ?? 0) / 1000 + ((row?.outputTokens ?? 0) / 1000) * 2);
    expect(final.credits_charged).toBe(cost);
    expect(await ledgerState(db().database.db, userId)).toMatchObject({
      balance: 1000 - cost,
      ledgerSum: 1000 - cost,
    });
    // Nothing left to follow: a later tab gets the end at once, and the history shows the stopped answer.
    const later = follow(base, access, ids.session_id);
    await later.ended;
    expect(later.events).toEqual([{ type: 'done' }]);
  });

  it('stops an answer no one watches once the grace is over, charging only what was generated', async () => {
    const server = await app({ ...LIVE, OFFLINE_MODEL_CHUNK_DELAY: '40ms', CHAT_UNWATCHED_GRACE: '1s' });
    const base = await listen(server);
    const { access, userId } = await signUp(server, db().database.db, 1000);
    const asking = rawTurn(base, access, PROMPT);
    await asking.textFrames(5);
    const ids = turnOf(asking.received);
    asking.abort();
    let row: Awaited<ReturnType<typeof answerRow>>;
    await waitFor(async () => {
      row = await answerRow(db(), ids.message_id);
      return row?.status === 'stopped';
    }, 10_000);
    expect(row?.text.length).toBeGreaterThan(5);
    // The whole answer takes ten seconds; it stopped about a second after its tab went.
    expect(row?.text).not.toContain('请联系本站管理员');
    const state = await ledgerState(db().database.db, userId);
    expect(state).toMatchObject({ balance: 1000 - (row?.creditsCharged ?? 0), ledgerSum: state.balance });
  });

  it('answers 404 to another user following or stopping it, and leaves it running', async () => {
    const server = await app(LIVE);
    const base = await listen(server);
    const owner = await signUp(server, db().database.db, 1000);
    const stranger = await signUp(server, db().database.db, 1000);
    const asking = rawTurn(base, owner.access, PROMPT);
    await asking.textFrames(5);
    const ids = turnOf(asking.received);
    const peek = follow(base, stranger.access, ids.session_id);
    await peek.ended;
    expect(peek.status).toBe(404);
    const stop = await server.inject({
      method: 'POST',
      url: `/api/chat/sessions/${ids.session_id}/stop/`,
      headers: stranger.auth,
    });
    expect(stop.statusCode).toBe(404);
    expect(stop.json()).toEqual({ detail: expect.any(String) });
    await asking.ended;
    expect(finalOf(parseStream(asking.received)).status).toBe('complete');
  });

  it('is followed and stopped from another instance through the stored answer', async () => {
    const slow = { ...LIVE, OFFLINE_MODEL_CHUNK_DELAY: '40ms' };
    const a = await app(slow);
    const b = await app(slow);
    const baseA = await listen(a);
    const baseB = await listen(b);
    const { access, userId, auth } = await signUp(a, db().database.db, 1000);
    // A long question: the offline model quotes it, so the answer outlasts the stop's round trip through the
    // stored answer (about two seconds).
    const asking = rawTurn(baseA, access, {
      ...PROMPT,
      prompt: { text: '请慢慢讲一个很长的故事，越长越好。'.repeat(30) },
    });
    await asking.textFrames(5);
    const ids = turnOf(asking.received);
    // The asking tab reloads onto B: B follows the stored text, which keeps the answer going on A.
    asking.abort();
    const onB = follow(baseB, access, ids.session_id);
    await onB.textReaches(1);
    expect(onB.events[0]).toEqual({ type: 'turn', turn: ids });
    const seen = textOf(onB.events).length;
    await onB.textReaches(seen + 1);
    const stop = await b.inject({
      method: 'POST',
      url: `/api/chat/sessions/${ids.session_id}/stop/`,
      headers: auth,
    });
    expect(stop.statusCode).toBe(204);
    await onB.ended;
    const final = finalOf(onB.events);
    expect(final.status).toBe('stopped');
    const row = await answerRow(db(), ids.message_id);
    expect(row?.status).toBe('stopped');
    expect(textOf(onB.events)).toBe(row?.text);
    expect(row?.text).not.toContain('请联系本站管理员');
    expect(await ledgerState(db().database.db, userId)).toMatchObject({
      balance: 1000 - (final.credits_charged ?? 0),
      ledgerSum: 1000 - (final.credits_charged ?? 0),
    });
  });
});
