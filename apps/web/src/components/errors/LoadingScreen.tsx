import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/Spinner';

/** 'Loading...' with a spinner: the session load and the first screen download. */
export function LoadingScreen({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 text-stone-800 ${fullScreen ? 'min-h-dvh' : 'py-16'}`}
    >
      <Spinner className="size-8 text-green-700" />
      <p>{t('loading')}</p>
    </div>
  );
}
