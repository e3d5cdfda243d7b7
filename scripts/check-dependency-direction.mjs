// The dependency direction of docs/ARCHITECTURE.md, checked in the manifests (Biome's noRestrictedImports
// checks the imports): a package never depends on an app, ui and api-client on no other workspace
// package, markdown on ui alone, api-client and the server on no React. Run by `pnpm lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const fields = ['dependencies', 'peerDependencies', 'devDependencies', 'optionalDependencies'];
const react = ['react', 'react-dom', 'react-aria-components', 'jotai'];

const manifests = ['packages', 'apps'].flatMap((group) =>
  readdirSync(path.join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const file = path.join(group, entry.name, 'package.json');
      try {
        return [{ group, file, json: JSON.parse(readFileSync(path.join(root, file), 'utf8')) }];
      } catch {
        return [];
      }
    }),
);
const appNames = new Set(manifests.filter((m) => m.group === 'apps').map((m) => m.json.name));
const workspaceNames = new Set(manifests.map((m) => m.json.name));

/** The workspace packages each package may depend on; a package not listed may use any package. */
const allowedWorkspaceDeps = {
  '@wanxiang/ui': [],
  '@wanxiang/api-client': [],
  '@wanxiang/markdown': ['@wanxiang/ui'],
  '@wanxiang/editor': ['@wanxiang/ui', '@wanxiang/markdown'],
  '@wanxiang/charts': ['@wanxiang/ui'],
};
const noReact = new Set(['@wanxiang/api-client', '@wanxiang/server']);

const problems = [];
for (const { group, file, json } of manifests) {
  const deps = fields.flatMap((field) => Object.keys(json[field] ?? {}).map((name) => ({ field, name })));
  for (const { field, name } of deps) {
    if (name === json.name) continue;
    const where = `${file} (${field})`;
    if (group === 'packages' && appNames.has(name))
      problems.push(`${where}: a package never depends on an app (${name})`);
    const allowed = allowedWorkspaceDeps[json.name];
    if (allowed && workspaceNames.has(name) && !allowed.includes(name)) {
      problems.push(`${where}: ${json.name} may not depend on ${name}`);
    }
    if (noReact.has(json.name) && react.includes(name))
      problems.push(`${where}: ${json.name} uses no React (${name})`);
  }
}

if (problems.length > 0) {
  console.error(`Dependency direction (docs/ARCHITECTURE.md):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
