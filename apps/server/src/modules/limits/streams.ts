/**
 * The cap on a user's simultaneous answer streams, across instances. Each user has one stream_slots row
 * whose `leases` map a lease id to the epoch second it lapses; taking a slot is one upsert that drops
 * lapsed leases and adds one only while fewer than the cap are live. The upsert locks the row and works on
 * its newest version, so two instances taking a slot at once are counted one after the other (a count over
 * separate rows would read a snapshot and let both in).
 *
 * The instance streaming renews its leases every third of a lease; a crashed instance stops renewing, and
 * its slots lapse within one lease. A slot is given back as soon as its stream ends.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, executePrepared } from '../../db/client';
import { streamSlots } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';

export const TOO_MANY_STREAMS_CODE = 'too_many_streams';

export interface StreamSlot {
  /** Gives the slot back; safe to call more than once, never throws. */
  release(): Promise<void>;
}

export class StreamSlots {
  /** Leases held by this instance, by id, with their user: renewed until released. */
  private readonly held = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly settings: { max: number; lease: number },
    private readonly logger: Logger,
  ) {}

  /** Takes one of the user's slots, or throws 429 naming the cap. */
  async acquire(userId: string): Promise<StreamSlot> {
    const id = randomUUID();
    const [row] = await executePrepared<{ user_id: string }>(
      this.db,
      'stream_slot_acquire',
      sql`
        insert into ${streamSlots} as s (user_id, leases, updated_at)
        values (${userId}::uuid, jsonb_build_object(${id}::text, extract(epoch from now()) + ${this.settings.lease}::float8), now())
        on conflict (user_id) do update set
          leases = coalesce(
            (select jsonb_object_agg(e.key, e.value) from jsonb_each(s.leases) e
             where (e.value)::float8 > extract(epoch from now())),
            '{}'::jsonb) || excluded.leases,
          updated_at = now()
        where (select count(*) from jsonb_each(s.leases) e
               where (e.value)::float8 > extract(epoch from now())) < ${this.settings.max}::int
        returning s.user_id`,
    );
    if (!row) {
      throw new HttpError(429, {
        detail: messages.chat.tooManyStreams(this.settings.max),
        code: TOO_MANY_STREAMS_CODE,
      });
    }
    this.held.set(id, userId);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(id);
        // Tried twice: a slot left behind would lapse only after its lease. Renewal stops either way.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          try {
            await this.remove(userId, id);
            return;
          } catch (error) {
            if (attempt === 1) this.logger.warn({ err: error, userId }, 'could not release a stream slot');
          }
        }
      },
    };
  }

  private async remove(userId: string, id: string): Promise<void> {
    await executePrepared(
      this.db,
      'stream_slot_release',
      sql`update ${streamSlots} set leases = leases - ${id}::text where user_id = ${userId}::uuid`,
    );
  }

  /**
   * Pushes the end of every lease this instance holds one lease further (one statement for all). The rows
   * are locked in user order, so two instances renewing the same users never deadlock.
   */
  async renew(): Promise<number> {
    if (this.held.size === 0) return 0;
    const ids = [...this.held.keys()];
    const users = [...this.held.values()];
    const renewed = await executePrepared<{ user_id: string }>(
      this.db,
      'stream_slot_renew',
      sql`
        update ${streamSlots} s set leases = s.leases || (
          select jsonb_object_agg(e.key, extract(epoch from now()) + ${this.settings.lease}::float8)
          from jsonb_each(s.leases) e where e.key = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))
        ), updated_at = now()
        from (
          select user_id from ${streamSlots}
          where user_id = any(array(select jsonb_array_elements_text(${JSON.stringify(users)}::jsonb)::uuid))
          order by user_id for update
        ) locked
        where s.user_id = locked.user_id
          and exists (select 1 from jsonb_each(s.leases) e where e.key = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))))
        returning s.user_id`,
    );
    return renewed.length;
  }

  /** Drops the rows of users with no live lease (maintenance). */
  async sweep(): Promise<number> {
    const removed = await this.db.execute(sql`
      delete from ${streamSlots} s
      where not exists (select 1 from jsonb_each(s.leases) e where (e.value)::float8 > extract(epoch from now()))
        and s.updated_at < now() - interval '1 minute'
      returning s.user_id`);
    return (removed as unknown as { rows?: unknown[] }).rows?.length ?? 0;
  }

  /** How often leases must be renewed, in milliseconds. */
  get renewIntervalMs(): number {
    return Math.max(1000, (this.settings.lease * 1000) / 3);
  }
}
