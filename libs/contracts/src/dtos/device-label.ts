// What a person reads for a raw User-Agent header (ADR 0074): onboarding labels sessions with it, and the web the
// audit trail's rows (ADR 0075). No decorators: the web imports it without the contracts barrel.

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", so the more specific names come first.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (ua: string, table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([pattern]) => pattern.test(ua))?.[1];

/**
 * A label a person recognises ("Chrome on Linux"), not a full user-agent parser: the list only has to tell one's own
 * sessions apart, and the raw header is kept beside it for anything finer (ADR 0074).
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return 'Unknown device';
  const browser = firstMatch(ua, BROWSERS);
  const system = firstMatch(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Browser on ${system}` : 'Unknown device');
}
