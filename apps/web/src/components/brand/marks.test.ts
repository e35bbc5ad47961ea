import { describe, expect, it } from 'vitest';
import appHtml from '../../../app.html?raw';
import iconFile from '../../../public/brand/icon.svg?raw';
import logoFile from '../../../public/brand/logo.svg?raw';
import { ICON_SVG, ICON_URL, LOGO_SVG, LOGO_URL } from './marks';

const files: Record<string, string> = { 'icon.svg': iconFile, 'logo.svg': logoFile };
const file = (name: string) => files[name];

describe('the marks drawn from the code', () => {
  it('are the brand files, byte for byte', () => {
    expect(ICON_SVG).toBe(file('icon.svg'));
    expect(LOGO_SVG).toBe(file('logo.svg'));
  });

  it('read back as the same SVG from their data URLs', () => {
    expect(decodeURIComponent(ICON_URL.replace('data:image/svg+xml,', ''))).toBe(file('icon.svg'));
    expect(decodeURIComponent(LOGO_URL.replace('data:image/svg+xml,', ''))).toBe(file('logo.svg'));
  });

  it('give app.html its icon without a request of its own', () => {
    const href = /<link\s+rel="icon"\s+type="image\/svg\+xml"\s+href="data:image\/svg\+xml,([^"]*)"/.exec(
      appHtml,
    )?.[1];
    expect(href && decodeURIComponent(href)).toBe(file('icon.svg'));
  });
});
