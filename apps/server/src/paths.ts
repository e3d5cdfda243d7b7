import { fileURLToPath } from 'node:url';

/**
 * Locations resolved from this file. It sits one level below the package root both as source (src/) and
 * bundled (dist/main.js), so the same relative URLs work in development, in tests and after `tsdown`.
 */
const fromPackageRoot = (relative: string) => fileURLToPath(new URL(`../${relative}`, import.meta.url));

export const packageJsonPath = fromPackageRoot('package.json');
export const migrationsDir = fromPackageRoot('drizzle');
export const defaultWebDistDir = fromPackageRoot('../workspace/dist');
