import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/Logo';
import { buttonClasses } from '@/components/ui/Button';

/**
 * The 404 screen (spec texts word for word). A plain link home: '/' is a prerendered page,
 * so this is a full document load both in the app and on the static /not-found page.
 */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 py-12 text-center">
      <Logo className="h-10 w-auto" />
      <p className="text-7xl font-extrabold text-green-700" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="text-2xl font-bold text-stone-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-stone-700">{t('notFound.message')}</p>
      <a href="/" className={buttonClasses('primary')}>
        {t('notFound.home')}
      </a>
    </main>
  );
}
