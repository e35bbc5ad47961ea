import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';

/** What went wrong, in words: the server's own message, or what to check when it was never reached. */
export function useErrorText() {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) return error.status === 0 ? t('errors.network') : error.message;
      return t('errors.unexpected');
    },
    [t],
  );
}

/**
 * A failed save of a supply or supplier: a stale version (409) asks to reload; otherwise the
 * server's field messages go next to the fields and a line says what failed.
 */
export function useSaveFailure() {
  const { t } = useTranslation('inventory');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown, failedKey: 'form.failed' | 'suppliers.failed') => {
      if (error instanceof ApiError && error.status === 409)
        return { fields: null, message: t('form.stale') };
      return {
        fields: error instanceof ApiError ? error.fields : null,
        message: t(failedKey, { message: errorText(error) }),
      };
    },
    [t, errorText],
  );
}
