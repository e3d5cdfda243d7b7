import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config';

/*
 * The README's settings table is the operator's reference: it must name every variable the server reads,
 * no variable it no longer reads, and the defaults the schema really applies. A default written as code
 * (`5m`, `1gb`, `true`) is parsed by the variable's own schema and must come out as the schema's default;
 * `—` means unset. A few defaults are computed elsewhere and described in words (PROSE_DEFAULTS).
 */

const README = readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
type Key = keyof typeof envSchema.shape;
const KEYS = Object.keys(envSchema.shape) as Key[];

/** Defaults the table describes in words: derived from another setting or from where the package is. */
const PROSE_DEFAULTS = new Set<string>(['JWT_SECRET', 'WEB_DIST_DIR', 'SEARCH_BASE_URL', 'S3_ENDPOINT']);

interface Row {
  line: string;
  names: string[];
  /** One per name: the default as written (code), null for `—`, undefined when described in words. */
  defaults: Array<string | null | undefined>;
}

const codeSpans = (cell: string) => Array.from(cell.matchAll(/`([^`]*)`/g), (m) => m[1] as string);

/** The rows of the first table under "## Configuration". */
function settingsRows(readme: string): Row[] {
  const section = readme.slice(readme.indexOf('## Configuration'));
  const lines = section.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [nameCell = '', defaultCell = ''] = line
      .split('|')
      .slice(1)
      .map((c) => c.trim());
    // `PASSWORD_HASH_MEMORY_KIB` / `_ITERATIONS`: a name starting with _ shares the first name's prefix
    // (PASSWORD_HASH), the first name without its last part.
    const written = codeSpans(nameCell);
    const first = written[0] ?? '';
    const names = written.map((n) =>
      n.startsWith('_') ? first.slice(0, first.lastIndexOf('_', first.lastIndexOf('_') - 1)) + n : n,
    );
    let defaults: Row['defaults'];
    if (defaultCell === '—') defaults = names.map(() => null);
    else if (/^`[^`]*`( \/ `[^`]*`)*$/.test(defaultCell)) defaults = codeSpans(defaultCell);
    else defaults = names.map(() => undefined);
    rows.push({ line, names, defaults });
  }
  return rows;
}

const rows = settingsRows(README);
const documented = rows.flatMap((r) => r.names);

describe('the README’s settings table', () => {
  it('is found, one variable or more per row', () => {
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) expect(row.names.length, row.line).toBeGreaterThan(0);
  });

  it('documents every variable the server reads, once', () => {
    expect(KEYS.filter((k) => !documented.includes(k))).toEqual([]);
    expect(documented.filter((n, i) => documented.indexOf(n) !== i)).toEqual([]);
  });

  it('has no row for a variable the server does not read', () => {
    expect(documented.filter((n) => !(KEYS as string[]).includes(n))).toEqual([]);
  });

  it('gives each variable the default the schema applies', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      expect(row.defaults, `one default per variable: ${row.line}`).toHaveLength(row.names.length);
      row.names.forEach((name, i) => {
        const schema = envSchema.shape[name as Key];
        if (!schema) return;
        const written = row.defaults[i];
        const actual = schema.safeParse(undefined);
        if (written === undefined) {
          if (!PROSE_DEFAULTS.has(name)) wrong.push(`${name}: default described in words, not as a value`);
          return;
        }
        if (written === null) {
          if (!actual.success || actual.data !== undefined)
            wrong.push(`${name}: README says unset, the schema gives ${JSON.stringify(actual.data)}`);
          return;
        }
        const parsed = schema.safeParse(written);
        if (!parsed.success || !actual.success || JSON.stringify(parsed.data) !== JSON.stringify(actual.data))
          wrong.push(
            `${name}: README says ${written} (${JSON.stringify(parsed.data)}), the schema gives ${JSON.stringify(actual.data)}`,
          );
      });
    }
    expect(wrong).toEqual([]);
  });

  it('describes in words only defaults that are computed, not fixed values', () => {
    for (const name of PROSE_DEFAULTS) {
      const row = rows.find((r) => r.names.includes(name));
      expect(row?.defaults[row.names.indexOf(name)], name).toBeUndefined();
    }
  });
});
