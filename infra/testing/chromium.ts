import { existsSync } from 'node:fs';
import { MissingDependencyError, installedCommand } from './provision';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** CHROME_PATH, else an installed Chromium or Chrome, else Debian's chromium via apt-get. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new MissingDependencyError('Chromium', `CHROME_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  return installedCommand(
    'chromium',
    'chromium',
    CANDIDATES.find((path) => existsSync(path)),
    'Chromium or Chrome for the browser journeys',
    'Install it (e.g. `apt-get install chromium`) or set CHROME_PATH to its executable.',
  );
}

/** Flags for headless Chromium on a machine with no network but loopback: nothing may phone home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
