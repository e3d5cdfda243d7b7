// `pnpm dev`: the server (reloading on change) and Vite's dev server side by side; Vite proxies /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@wanxiang/server', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '8000' },
  }),
  spawn('pnpm', ['--filter', '@wanxiang/workspace', 'dev'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
