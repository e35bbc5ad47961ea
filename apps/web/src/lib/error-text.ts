import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './http';

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
