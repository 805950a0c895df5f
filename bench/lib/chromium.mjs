// The system Chromium every browser measurement in bench/ starts (P5's Lighthouse, bench:web-trace), and the flags it
// needs on a machine with no network but loopback: without the background-networking ones its connections are refused,
// many at a time. The caller adds its own headless flag if it needs one.
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
