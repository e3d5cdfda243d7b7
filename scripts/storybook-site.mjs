/**
 * `pnpm storybook:site [outDir]` — builds the whole Storybook (every package's introduction, each
 * component's Docs page and stories) as a static site, ready to publish as it is on any static host
 * (GitHub Pages, an S3 bucket, nginx): default folder `storybook-static/`.
 *
 * After the build it checks what readers come for is there — the four introductions and a Docs page per
 * component — so a site missing them is never published, and says where the folder is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv[2] ?? path.join(repo, 'storybook-static'));
const storybook = path.join(repo, 'node_modules', '.bin', 'storybook');

const build = spawnSync(storybook, ['build', '--quiet', '-o', out], { cwd: repo, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const index = path.join(out, 'index.json');
if (!existsSync(index)) {
  console.error(`Storybook wrote no ${index}.`);
  process.exit(1);
}
/** @type {{ entries: Record<string, { id: string; title: string; type: string }> }} */
const { entries } = JSON.parse(readFileSync(index, 'utf8'));
const docs = Object.values(entries).filter((entry) => entry.type === 'docs');
const missing = ['UI', 'Editor', 'Charts', 'API client']
  .map((prefix) => `${prefix}/Introduction`)
  .filter((title) => !docs.some((entry) => entry.title === title));
const components = new Set(
  Object.values(entries)
    .filter((entry) => entry.type === 'story' && !entry.title.startsWith('Workspace/'))
    .map((entry) => entry.title),
);
const undocumented = [...components].filter((title) => !docs.some((entry) => entry.title === title));
if (missing.length > 0 || undocumented.length > 0) {
  console.error(
    `The site lacks ${[...missing, ...undocumented.map((title) => `${title} (Docs)`)].join(', ')}.`,
  );
  process.exit(1);
}
// GitHub Pages would hide the files whose names start with an underscore (Jekyll); this turns that off.
writeFileSync(path.join(out, '.nojekyll'), '');

console.log(
  `\nThe static Storybook is in ${path.relative(process.cwd(), out) || '.'}/ ` +
    `(${docs.length} docs pages, ${components.size} components and pages of stories).\n` +
    'Publish that folder as it is on any static host; to look at it here: npx vite preview --outDir ' +
    `${path.relative(repo, out)} (from the repo root).`,
);
