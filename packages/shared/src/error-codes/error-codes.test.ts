import { describe, expect, it } from 'vitest';
import { rateLimitedMessage } from './index';

describe('rateLimitedMessage', () => {
  it('says how long to wait in seconds under a minute, in whole minutes (rounded up) after', () => {
    expect(rateLimitedMessage(1)).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(rateLimitedMessage(16)).toBe('Too many attempts. Please wait 16 seconds and try again.');
    expect(rateLimitedMessage(60)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(rateLimitedMessage(809)).toBe('Too many attempts. Please wait 14 minutes and try again.');
  });
});
