import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAnswer, parseLoginChallenge, solveLoginChallenge } from './loginChallenge';

/** The server's test of one counter: SHA-256 of `salt:counter` starts with `bits` zero bits. */
function serverAccepts(salt: string, bits: number, counter: string): boolean {
  const digest = createHash('sha256').update(`${salt}:${counter}`).digest();
  const word = digest.readUInt32BE(0);
  return bits === 0 || word >>> (32 - bits) === 0;
}

describe('login challenge', () => {
  it('reads the salt and bits of a token, and nothing of what is not one', () => {
    expect(parseLoginChallenge('AbCdEfGhIjKlMnOpQrStUv.13.8.1790000000.sig')).toEqual({
      token: 'AbCdEfGhIjKlMnOpQrStUv.13.8.1790000000.sig',
      salt: 'AbCdEfGhIjKlMnOpQrStUv',
      bits: 13,
      parts: 8,
    });
    for (const bad of [
      undefined,
      42,
      '',
      'a.b.c',
      'AbCdEfGhIjKl.40.1.sig',
      'AbCdEfGhIjKl.x.1.sig',
      'Ab.1.1.sig',
    ])
      expect(parseLoginChallenge(bad)).toBeUndefined();
  });

  it('hashes exactly as SHA-256 does, for every salt length the block holds', () => {
    for (let length = 8; length <= 38; length += 1) {
      const challenge = { salt: 'x'.repeat(length), bits: 4 };
      for (let answer = 0; answer < 200; answer += 1)
        expect(checkAnswer(challenge, answer), `${length}:${answer}`).toBe(
          serverAccepts(challenge.salt, 4, String(answer)),
        );
    }
  });

  it('finds increasing counters the server accepts, reporting progress and giving the page its turns', async () => {
    const salt = 'Zm9vYmFyYmF6cXV4MTIzNA';
    const progress: number[] = [];
    let turns = 0;
    const ticker = setInterval(() => {
      turns += 1;
    }, 1);
    const answer = await solveLoginChallenge(
      { salt, bits: 13, parts: 8 },
      { onProgress: (p) => progress.push(p), sliceMs: 2 },
    );
    clearInterval(ticker);
    const counters = answer.split(',');
    expect(counters).toHaveLength(8);
    expect(counters.every((counter) => serverAccepts(salt, 13, counter))).toBe(true);
    expect(counters.map(Number)).toEqual([...counters.map(Number)].sort((a, b) => a - b));
    expect(new Set(counters).size).toBe(8);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= (progress[i - 1] as number)))).toBe(
      true,
    );
    expect(progress.length).toBeGreaterThan(1);
    expect(turns).toBeGreaterThan(0);
  });

  it('stops when the sign-in is abandoned', async () => {
    const controller = new AbortController();
    const solving = solveLoginChallenge(
      { salt: 'c3RvcHBlZHN0b3BwZWQ', bits: 32, parts: 1 },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(solving).rejects.toThrow();
  });
});
