/**
 * Builds this example as another team would: packs @wanxiang/ui, @wanxiang/markdown, @wanxiang/editor and
 * @wanxiang/charts
 * with `pnpm pack` (their published manifests and files, not the workspace sources), installs the
 * tarballs with the example's other dependencies from the npm registry (the local store first), type-checks
 * and builds it with Vite. Usage: `node examples/embed/setup.mjs [outDir]`; prints the directory, whose
 * dist/ is the built app (`npx vite preview` there serves it).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
/**
 * The packages, in build order: the markdown's, the editor's and the charts' styles read ui's built theme
 * contract. The editor's assistant renders its answers with @wanxiang/markdown, a peer the host installs.
 */
export const PACKAGES = ['ui', 'markdown', 'editor', 'charts'];

/** pnpm as the repo pins it: the running one when pnpm started us, else through npx. */
function pnpm(args, cwd) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) {
    execFileSync(process.execPath, [execPath, ...args], { cwd, stdio: 'inherit' });
    return;
  }
  const { packageManager } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
  execFileSync('npx', ['-y', packageManager, ...args], { cwd, stdio: 'inherit' });
}

const bin = (dir, name) => path.join(dir, 'node_modules', '.bin', name);

export function setupExample(out = mkdtempSync(path.join(tmpdir(), 'wx-embed-'))) {
  const packs = path.join(out, 'packs');
  mkdirSync(packs, { recursive: true });
  for (const name of PACKAGES) {
    const dir = path.join(repo, 'packages', name);
    execFileSync(bin(repo, 'tsdown'), [], { cwd: dir, stdio: 'inherit' });
    pnpm(['pack', '--pack-destination', packs], dir);
    const tarball = readdirSync(packs).find((file) => file.startsWith(`wanxiang-${name}-`));
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for @wanxiang/${name}`);
    renameSync(path.join(packs, tarball), path.join(packs, `wanxiang-${name}.tgz`));
  }
  for (const file of ['package.json', 'vite.config.ts', 'tsconfig.json', 'index.html', 'charts.html', 'src'])
    cpSync(path.join(here, file), path.join(out, file), { recursive: true });
  // No lockfile of its own (CI defaults to a frozen one); the store answers first, the registry after.
  pnpm(['install', '--prefer-offline', '--no-frozen-lockfile', '--ignore-workspace'], out);
  execFileSync(bin(out, 'tsc'), ['--noEmit'], { cwd: out, stdio: 'inherit' });
  execFileSync(bin(out, 'vite'), ['build'], { cwd: out, stdio: 'inherit' });
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(setupExample(process.argv[2]));
