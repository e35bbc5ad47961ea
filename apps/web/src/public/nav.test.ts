import { describe, expect, it } from 'vitest';
import { isActivePath } from './nav';

describe('isActivePath', () => {
  it('highlights Home only on exactly /', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
    expect(isActivePath('/pricing/', '/')).toBe(false);
  });

  it('highlights other links when the path starts with theirs', () => {
    expect(isActivePath('/about', '/about')).toBe(true);
    expect(isActivePath('/contact/thanks', '/contact')).toBe(true);
    expect(isActivePath('/pricing', '/about')).toBe(false);
    expect(isActivePath('/', '/pricing')).toBe(false);
  });
});
