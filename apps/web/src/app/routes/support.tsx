import { useTranslation } from 'react-i18next';
import { LifeBuoy } from 'lucide-react';
import { buttonClasses, EmptyState, PageHeader } from '@/components/ui';
import { publicConfig } from '@/lib/public-config';

export default function SupportScreen() {
  const { t } = useTranslation('dashboard');
  const email = publicConfig.support_email;
  return (
    <>
      <PageHeader title={t('screens.support.title')} />
      <EmptyState
        icon={LifeBuoy}
        title={t('screens.support.title')}
        description={t('screens.support.empty', { email })}
        action={
          <a href={`mailto:${email}`} className={buttonClasses('primary')}>
            {email}
          </a>
        }
      />
    </>
  );
}
