import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts', auth: 'src/auth.ts', 'contract/index': 'src/contract/index.ts' },
  format: 'esm',
  // Runs in browsers and in Node alike: no Node built-ins, plain .js output as package.json exports it.
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
});
