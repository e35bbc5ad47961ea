import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/http';
import { authErrorText } from './errors';

describe('authErrorText', () => {
  it('never passes an auth library’s own words to a person', async () => {
    await i18n.loadNamespaces('auth');
    const t = i18n.getFixedT('en', 'auth');
    expect(authErrorText(new ApiError(403, 'INVALID_ORIGIN', 'Invalid origin'), t)).toBe(
      'This page was opened at an address Gona does not know. Open Gona at its usual address and try again.',
    );
    expect(authErrorText(new ApiError(400, 'SOMETHING_NEW', 'Internal library detail'), t)).toBe(
      'Something went wrong. Please try again.',
    );
    expect(authErrorText(new ApiError(0, 'NETWORK', 'Failed to fetch'), t)).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('keeps Gona’s own messages, which are written for people', async () => {
    await i18n.loadNamespaces('auth');
    const t = i18n.getFixedT('en', 'auth');
    expect(
      authErrorText(
        new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
        t,
      ),
    ).toBe('Too many attempts. Please wait a moment and try again.');
  });
});
