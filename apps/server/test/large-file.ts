import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Writes a price table of exactly `bytes` bytes to `file`, 64 KiB at a time (none of it is held whole). */
export async function writeLargeCsv(file: string, bytes: number): Promise<void> {
  const row = 'date,code,price,volume\n2024-01-02,600519,1700.5,12345\n';
  const chunk = row.repeat(Math.floor(65536 / row.length));
  await pipeline(
    Readable.from(
      (function* () {
        let written = 0;
        while (written + chunk.length <= bytes) {
          written += chunk.length;
          yield chunk;
        }
        yield 'x'.repeat(bytes - written);
      })(),
    ),
    createWriteStream(file),
  );
}
