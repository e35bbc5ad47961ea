import { useTranslation } from 'react-i18next';
import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { publicConfig } from '@/lib/public-config';

/** Shown when a lazily loaded screen cannot be downloaded (spec: 'Failed to load module: {name}'). */
export function ModuleLoadError({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center">
      <CloudOff aria-hidden="true" className="size-10 text-amber-700" />
      <h2 className="text-xl font-semibold text-stone-900">{t('errors.moduleFailed', { name })}</h2>
      <p className="text-stone-700">{t('errors.moduleFailedHint', { email: publicConfig.support_email })}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.refresh')}</Button>
    </div>
  );
}
