import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describing a device from its browser', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', device: 'phone' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 12; SAMSUNG SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', os: 'Android', device: 'phone' },
    ],
    [
      'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
      { browser: 'Opera Mini', os: null, device: 'phone' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/81.0.0.0',
      { browser: 'Opera', os: 'Android', device: 'tablet' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS', device: 'phone' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      { browser: 'Edge', os: 'Windows', device: 'computer' },
    ],
    [
      'Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
      { browser: 'Firefox', os: 'KaiOS', device: 'phone' },
    ],
    ['curl/8.5.0', { browser: null, os: null, device: 'computer' }],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it('says nothing it does not know when there is no User-Agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'unknown' });
  });
});
