import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';

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
