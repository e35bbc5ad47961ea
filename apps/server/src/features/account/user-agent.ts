import type { AccountSession } from '@gona/shared/account';

type Described = Pick<AccountSession, 'browser' | 'os' | 'device'>;

/**
 * What a person would call the device a session came from ("Chrome on Android, phone"), read from
 * its browser's User-Agent. Only the common browsers and systems of Nigerian phones and computers
 * are named; anything else is null and shown as an unknown browser.
 */
export function describeUserAgent(userAgent: string | null): Described {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent), device: deviceOf(userAgent) };
}

/** Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari"; Opera Mini says "Opera". */
const BROWSERS: [RegExp, string][] = [
  [/Opera Mini|OPiOS/, 'Opera Mini'],
  [/OPR\/|Opera/, 'Opera'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/KAIOS/i, 'KaiOS'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

function first(patterns: [RegExp, string][], userAgent: string): string | null {
  return patterns.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

function deviceOf(userAgent: string): Described['device'] {
  if (/iPad|Tablet/i.test(userAgent) || (/Android/.test(userAgent) && !/Mobile/.test(userAgent)))
    return 'tablet';
  if (/Mobi|iPhone|iPod|KAIOS/i.test(userAgent)) return 'phone';
  return 'computer';
}
