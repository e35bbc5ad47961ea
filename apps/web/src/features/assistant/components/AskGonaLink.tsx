import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoIcon } from '@/components/brand/Logo';
import { paths } from '@/lib/paths';

/**
 * "Ask Gona" in the dashboard's top bar, beside the bell: never over a screen's own actions. An
 * icon with its name for screen readers on phones, icon and words on wider screens. Kept tiny: it
 * is part of every dashboard screen's first load (its classes follow the bell's, which compresses).
 */
export function AskGonaLink() {
  const { t } = useTranslation('dashboard');
  return (
    <Link
      to={paths.assistant}
      className="inline-flex min-h-11 min-w-11 gap-2 px-2 font-medium shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-green-700"
    >
      <LogoIcon alt="" className="size-6" />
      <span className="sr-only md:not-sr-only">{t('ask.label')}</span>
    </Link>
  );
}
