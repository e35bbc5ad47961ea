import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { ApiError, apiFetch, onSessionExpired } from './http';

describe('apiFetch', () => {
  it('turns the wire error body into an ApiError with code, message and fields', async () => {
    installFakeFetch({
      'POST /api/farms': {
        status: 400,
        body: {
          error: { code: 'VALIDATION', message: 'Some fields need attention', fields: { name: 'Too short' } },
        },
      },
    });
    const error = await apiFetch('/api/farms', { method: 'POST', json: { name: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Some fields need attention',
      fields: { name: 'Too short' },
    });
  });

  it('uses the default message when the server gives none (500 → An unexpected error occurred)', async () => {
    installFakeFetch({ 'GET /api/farms': { status: 500 } });
    await expect(apiFetch('/api/farms')).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'An unexpected error occurred',
    });
  });

  it('starts the session-expired flow on a 401 from our API, not from the auth endpoints', async () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    installFakeFetch({
      'GET /api/farms': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } },
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' },
      },
    });
    await expect(apiFetch('/api/auth/sign-in/email', { method: 'POST', json: {} })).rejects.toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    expect(listener).not.toHaveBeenCalled();
    await expect(apiFetch('/api/farms')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
