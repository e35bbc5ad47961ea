import { ERROR_STATUS } from '@gona/shared/error-codes';
import { ApiError } from '@/lib/http';

/** better-auth's own error codes, in the catalogue's words (auth:errors.*). */
const AUTH_LIBRARY_CODES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'signIn.invalid',
  INVALID_PASSWORD: 'errors.invalidPassword',
  INVALID_TOKEN: 'update.invalidLink',
  PASSWORD_TOO_SHORT: 'errors.passwordTooShort',
  PASSWORD_TOO_LONG: 'errors.passwordTooLong',
  INVALID_ORIGIN: 'errors.origin',
  MISSING_OR_NULL_ORIGIN: 'errors.origin',
  INVALID_CALLBACKURL: 'errors.origin',
};

/** The catalogue keys authErrorText may use: what a page without i18next must carry. */
export const AUTH_ERROR_KEYS: readonly string[] = [...new Set(Object.values(AUTH_LIBRARY_CODES)), 'failed'];

/**
 * What to tell a person when an account request fails. Gona's own error codes carry messages
 * written for people; an auth-library code is put in the catalogue's words, and anything else
 * (a library message, a network failure) becomes the general "Something went wrong".
 */
export function authErrorText(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError) || error.status === 0) return t('failed');
  if (error.code in ERROR_STATUS) return error.message;
  const key = AUTH_LIBRARY_CODES[error.code];
  return key ? t(key) : t('failed');
}
