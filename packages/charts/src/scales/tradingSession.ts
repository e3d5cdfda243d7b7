/**
 * The A-share trading day as a continuous axis: the morning session 09:30–11:30 and the afternoon session
 * 13:00–15:00 sit side by side, with the lunch break removed, so a minute chart has no flat gap.
 * Times are "HH:MM" (or "HH:MM:SS") strings in China Standard Time.
 */
import { messages } from '../i18n/zh-CN';

export const tradingSessions = [
  { start: '09:30', end: '11:30' },
  { start: '13:00', end: '15:00' },
] as const;

/** Minute data is shown in 5-minute slots, each labelled by its end (09:35 covers 09:30–09:35). */
export const SLOT_MINUTES = 5;

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Seconds since midnight of an "HH:MM" or "HH:MM:SS" clock time; a clear error for anything else. */
export function clockSeconds(time: string): number {
  const match = CLOCK.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  const seconds = Number(match?.[3] ?? 0);
  if (!match || hours > 23 || minutes > 59 || seconds > 59)
    throw new RangeError(messages.errors.badClock(time));
  return hours * 3600 + minutes * 60 + seconds;
}

const toMinutes = (time: string): number => clockSeconds(time) / 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:MM" of a whole number of minutes since midnight. */
export const clockLabel = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Trading minutes from the open (0) to the close (240); null outside both sessions. */
export function tradingOffset(time: string): number | null {
  const t = toMinutes(time);
  let before = 0;
  for (const session of tradingSessions) {
    const start = toMinutes(session.start);
    const end = toMinutes(session.end);
    if (t >= start && t <= end) return before + (t - start);
    before += end - start;
  }
  return null;
}

/** Total trading minutes in a day (240). */
export const tradingDayLength = tradingSessions.reduce(
  (sum, s) => sum + toMinutes(s.end) - toMinutes(s.start),
  0,
);

/**
 * Every slot of the day by its end time: 09:35 … 11:30 and 13:05 … 15:00 (48 slots of 5 minutes).
 * A session start is no slot: nothing has traded in the session yet at that instant.
 */
export function tradingSlots(step = SLOT_MINUTES): string[] {
  const slots: string[] = [];
  for (const session of tradingSessions) {
    for (let m = toMinutes(session.start) + step; m <= toMinutes(session.end); m += step)
      slots.push(clockLabel(m));
  }
  return slots;
}

/**
 * Axis ticks: every :00 and :30 inside the sessions, each session's start and the last data point.
 * Ticks closer than `minGap` trading minutes to a more important one are left out, so labels never
 * overlap: the last point matters most (it is "now"), then the session starts, then the full hours,
 * then the half hours. The 11:30/13:00 pair shares one spot, so 13:00 (a session start) always wins it.
 */
export function tradingTicks(lastPoint?: string, minGap = 0): string[] {
  const candidates: { time: string; rank: number }[] = [];
  if (lastPoint !== undefined && tradingOffset(lastPoint) !== null)
    candidates.push({ time: lastPoint, rank: 0 });
  for (const session of tradingSessions) candidates.push({ time: session.start, rank: 1 });
  for (const session of tradingSessions) {
    for (let m = toMinutes(session.start); m <= toMinutes(session.end); m += SLOT_MINUTES) {
      if (m % 30 === 0) candidates.push({ time: clockLabel(m), rank: m % 60 === 0 ? 2 : 3 });
    }
  }
  candidates.sort((a, b) => a.rank - b.rank);
  const kept: { time: string; offset: number }[] = [];
  for (const { time } of candidates) {
    const offset = tradingOffset(time) ?? 0;
    // The same offset is always a clash (11:30 sits on 13:00), whatever the gap asked for.
    if (kept.some((k) => k.time === time || Math.abs(k.offset - offset) < Math.max(minGap, Number.EPSILON)))
      continue;
    kept.push({ time, offset });
  }
  return kept.sort((a, b) => a.offset - b.offset).map((k) => k.time);
}
