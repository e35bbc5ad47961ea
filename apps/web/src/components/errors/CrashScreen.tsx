import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/Logo';
import { Button } from '@/components/ui/Button';
import { publicConfig } from '@/lib/public-config';

/** The last line of defence (root route errorElement): 'Unexpected Application Error!'. */
export function CrashScreen() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error && error.message
      ? error.message
      : t('errors.unexpected');
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo className="h-10 w-auto" />
      <h1 className="text-2xl font-bold text-stone-900">{t('errors.crashTitle')}</h1>
      <p className="max-w-md text-stone-800">{message}</p>
      <p className="max-w-md text-sm text-stone-700">
        {t('errors.crashHint', { email: publicConfig.support_email })}
      </p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </main>
  );
}
