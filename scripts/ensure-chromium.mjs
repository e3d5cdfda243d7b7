// Browser tests use Debian's Chromium; nothing downloads a browser. On a fresh Debian/Ubuntu machine run
// as root, this installs it (with the CJK fonts that Chinese screenshots need); elsewhere it says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const found = candidates.find((p) => existsSync(p));
const hasCjkFonts = existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');

if (found && hasCjkFonts) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Installing Debian packages chromium and fonts-noto-cjk for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  process.exit(0);
}
if (found) {
  console.warn('Note: fonts-noto-cjk is not installed; screenshots of Chinese text may differ.');
  process.exit(0);
}
console.error(
  'The browser tests need Chromium. Install it with `sudo apt-get install chromium fonts-noto-cjk`,\n' +
    'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
);
process.exit(1);
