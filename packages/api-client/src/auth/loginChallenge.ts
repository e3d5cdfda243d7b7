/**
 * The proof of work a sign-in carries once an account has had many failed sign-ins from unknown places
 * (the server's modules/auth/challenge.ts issues and checks it). The server's challenge is a signed token
 * `salt.bits.parts.expires.signature`; the answer is `parts` increasing decimal counters, comma-separated,
 * each such that SHA-256 of `salt:counter` starts with `bits` zero bits. Finding them takes about
 * parts × 2^bits hashes, a second or two on a phone; checking them takes `parts`. Several easier finds
 * rather than one hard one keep the time close to its average: one find alone is a lottery whose unlucky
 * draws take several times as long.
 *
 * The hash is computed here rather than with crypto.subtle: `salt:counter` always fits one SHA-256 block,
 * and a synchronous compression of one block is many times faster than an awaited digest per try. The
 * search runs in slices of a few milliseconds between which the page gets its turn, so the form stays
 * responsive and shows the progress.
 */

export interface LoginChallenge {
  /** The token as the server sent it; sent back with the answer. */
  token: string;
  salt: string;
  /** Zero bits each counter's hash starts with. */
  bits: number;
  /** How many counters the answer holds. */
  parts: number;
}

/** The parts of a challenge token the client needs, or undefined when it is not one. */
export function parseLoginChallenge(token: unknown): LoginChallenge | undefined {
  if (typeof token !== 'string' || token.length > 256) return undefined;
  const [salt, bits, parts, expires, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !salt || !expires || !signature || !/^[\w-]{8,38}$/.test(salt)) return undefined;
  const difficulty = Number(bits);
  const count = Number(parts);
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > 32) return undefined;
  if (!Number.isInteger(count) || count < 1 || count > 64) return undefined;
  return { token, salt, bits: difficulty, parts: count };
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/**
 * The first 32 bits of SHA-256 of a message of at most 55 bytes, laid out (padded) in `block`, using `w` as
 * the message schedule.
 */
function firstWord(block: Uint8Array, w: Uint32Array): number {
  for (let i = 0; i < 16; i += 1)
    w[i] =
      ((block[i * 4] as number) << 24) |
      ((block[i * 4 + 1] as number) << 16) |
      ((block[i * 4 + 2] as number) << 8) |
      (block[i * 4 + 3] as number);
  for (let i = 16; i < 64; i += 1) {
    const x = w[i - 15] as number;
    const y = w[i - 2] as number;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let a = H0[0] as number;
  let b = H0[1] as number;
  let c = H0[2] as number;
  let d = H0[3] as number;
  let e = H0[4] as number;
  let f = H0[5] as number;
  let g = H0[6] as number;
  let h = H0[7] as number;
  for (let i = 0; i < 64; i += 1) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  return ((H0[0] as number) + a) >>> 0;
}

/** A block holding `prefix` + `counter` (decimal), padded as SHA-256 pads a one-block message. */
function fill(block: Uint8Array, prefix: Uint8Array, counter: number): void {
  block.fill(0);
  block.set(prefix);
  const digits = String(counter);
  let at = prefix.length;
  for (let i = 0; i < digits.length; i += 1) block[at++] = digits.charCodeAt(i);
  block[at] = 0x80;
  const bitLength = at * 8;
  block[62] = bitLength >>> 8;
  block[63] = bitLength & 0xff;
}

/** Whether one counter of an answer passes (the same test the server makes of each). */
export function checkAnswer(challenge: Pick<LoginChallenge, 'salt' | 'bits'>, answer: number): boolean {
  const prefix = new TextEncoder().encode(`${challenge.salt}:`);
  const block = new Uint8Array(64);
  fill(block, prefix, answer);
  return leadingZerosAtLeast(firstWord(block, new Uint32Array(64)), challenge.bits);
}

function leadingZerosAtLeast(word: number, bits: number): boolean {
  return bits === 0 || (bits >= 32 ? word === 0 : word >>> (32 - bits) === 0);
}

export interface SolveOptions {
  signal?: AbortSignal;
  /**
   * Called after each slice with how far along the search probably is, in [0, 1): the chance that a search
   * of this many tries would have found an answer by now.
   */
  onProgress?(progress: number): void;
  /** Length of one slice of the search before the page gets its turn (ms); default 12. */
  sliceMs?: number;
}

/** Lets the page run (input, rendering) before the next slice: a message round trip, not a clamped timer. */
function yieldToPage(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Finds the answer to a challenge: `parts` increasing counters, comma-separated, sent back as `answer`. */
export async function solveLoginChallenge(
  challenge: Pick<LoginChallenge, 'salt' | 'bits' | 'parts'>,
  options: SolveOptions = {},
): Promise<string> {
  const prefix = new TextEncoder().encode(`${challenge.salt}:`);
  if (prefix.length + 16 > 55) throw new Error('challenge salt too long');
  const block = new Uint8Array(64);
  const w = new Uint32Array(64);
  const each = 2 ** challenge.bits;
  const sliceMs = options.sliceMs ?? 12;
  const found: number[] = [];
  let counter = 0;
  let sinceFound = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const until = Date.now() + sliceMs;
    // Clock reads are cheap next to a hash, but not free: one per 256 tries.
    do {
      for (let i = 0; i < 256; i += 1, counter += 1, sinceFound += 1) {
        fill(block, prefix, counter);
        if (!leadingZerosAtLeast(firstWord(block, w), challenge.bits)) continue;
        found.push(counter);
        sinceFound = 0;
        if (found.length >= challenge.parts) {
          options.onProgress?.(1);
          return found.join(',');
        }
      }
    } while (Date.now() < until);
    // The counters found, plus the chance that the current search would have found one by now.
    options.onProgress?.((found.length + 1 - Math.exp(-sinceFound / each)) / challenge.parts);
    await yieldToPage();
  }
}
