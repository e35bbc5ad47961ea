import { afterAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { loadNamespaces, showLanguage } from '@/i18n';
import { percentText, useEggsText, useHeadsText } from './format';

describe('head counts, eggs and rates', () => {
  afterAll(() => showLanguage('en'));

  it('are written in the shown language, with its numbers', async () => {
    await loadNamespaces(['livestock']);
    expect(renderHook(() => useEggsText()).result.current(412)).toBe('412 eggs (13 crates + 22)');
    expect(percentText(82.94)).toBe('82.9 %');
    await showLanguage('fr');
    await loadNamespaces(['livestock']);
    expect(renderHook(() => useEggsText()).result.current(2412)).toBe('2\u202f412 œufs (80 plateaux + 12)');
    expect(renderHook(() => useHeadsText()).result.current(1, 'goat')).toBe('1 chèvre');
    expect(percentText(82.94)).toBe('82,9 %');
    await showLanguage('pcm');
    await loadNamespaces(['livestock']);
    expect(renderHook(() => useHeadsText()).result.current(2000, 'chicken_layer')).toBe('2,000 fowls');
  });
});
