import { afterAll, describe, expect, it } from 'vitest';
import { showLanguage } from '@/i18n';
import { formatNaira } from './format';

describe('naira on the money screens', () => {
  afterAll(() => showLanguage('en'));

  it('are written the way the shown language writes them', async () => {
    expect(formatNaira(4_500_000)).toBe('₦45,000');
    await showLanguage('fr');
    expect(formatNaira(4_500_050)).toBe('45\u202f000,50\u00a0₦');
    await showLanguage('pcm');
    expect(formatNaira(4_500_000)).toBe('₦45,000');
  });
});
