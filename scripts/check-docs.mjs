// The repository's docs and comments stand alone. This check fails on:
// - a citation of a document that is not in the repository (a spec's number and section, a numbered
//   decision, the section of an outside note): a comment or a test name says the rule itself, in its own
//   words. A public standard cited by name and section (RFC 9700 §4.14.2) is fine: anyone can read it.
// - a backticked file path in a README (or docs/) that names no file or folder of the tree.
// Plain Node and one `git ls-files`, so it runs in well under a second. Run by `pnpm lint`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  // Build output left beside the sources (dist-*, not ignored yet) is not the repository's text.
  .filter(
    (file) => file && !/(^|\/)(dist[^/]*|storybook-static)\//.test(file) && existsSync(path.join(root, file)),
  );
const tracked = new Set(files);
/** Every folder of the tree, so that a README may name one (`src/modules/`). */
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

const checked = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|md)$/;
const citations = [
  /\bspec (0\d|README)\b/i,
  /\bdecisions? #?\d/i,
  /\bresearch[- ](note|chat|editor|§)/i,
  /(?<!\bRFC \d+ )(?<!\bRFC \d+, )§ ?\d/,
];

const problems = [];
for (const file of files) {
  if (!checked.test(file) || /(^|\/)CHANGELOG\.md$/.test(file)) continue;
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (citations.some((re) => re.test(line)))
      problems.push(
        `${file}:${i + 1}: cites a document outside the repository: ${line.trim().slice(0, 120)}`,
      );
  });
  if (path.basename(file) === 'README.md' || file.startsWith('docs/')) checkPaths(file, lines);
}

/**
 * A backticked span is taken for a path when it has no spaces, ends in a file extension or a '/', and is
 * no URL, route, placeholder (`Name.tsx`) nor build output (`dist/`). It may be written from the
 * README's folder, its package's folder or `src/`, or the repository's root; a bare file name
 * (`routes.ts`) is one of the README's folder or below it, or of the root.
 */
function checkPaths(readme, lines) {
  const dir = path.posix.dirname(readme);
  const pkg = dir.split('/').slice(0, 2).join('/');
  const bases = [dir, pkg, `${pkg}/src`, '.'];
  // docs/ speaks of the whole tree, so its bare file names may be anywhere in it.
  const near = dir === 'docs' ? '' : dir;
  let fenced = false;
  lines.forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const [, span] of line.matchAll(/`([^`\s]+)`/g)) {
      if (!looksLikePath(span)) continue;
      const clean = span.replace(/\/$/, '');
      const found = !span.includes('/')
        ? files.some(
            (file) =>
              (near === '' || file === clean || file.startsWith(`${near}/`)) &&
              path.posix.basename(file) === clean,
          )
        : bases.some((base) => {
            const full = path.posix.normalize(path.posix.join(base, clean));
            return tracked.has(full) || folders.has(full);
          });
      if (!found) problems.push(`${readme}:${i + 1}: names \`${span}\`, which is not in the tree`);
    }
  });
}

function looksLikePath(span) {
  if (/^(\/|https?:|@|-|\.|~)/.test(span)) return false; // routes, URLs, package names, flags, suffixes
  if (/[*{}<>$|=()[\],;'"]/.test(span)) return false; // globs, placeholders, code
  if (/^[A-Z0-9_]+\//.test(span)) return false; // a setting's value (`DATA_DIR/files`)
  if (/(^|\/)(Name|My|my)([A-Z./]|$)/.test(span)) return false; // a placeholder (`NamePage.tsx`)
  if (/^(dist|storybook-static|data|node_modules)(\/|$)/.test(span)) return false; // built or run
  if (!span.includes('/')) return /^[\w-]+(\.[\w-]+)*\.(ts|tsx|mjs|cjs|json|sql)$/.test(span);
  return /\.(ts|tsx|mjs|cjs|js|json|css|md|yaml|yml|sql|html)$/.test(span) || span.endsWith('/');
}

if (problems.length > 0) {
  console.error(`Docs and comments stand alone (scripts/check-docs.mjs):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
