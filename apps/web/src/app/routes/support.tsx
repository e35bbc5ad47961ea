import { useTranslation } from 'react-i18next';
import { LifeBuoy } from 'lucide-react';
import { buttonClasses, EmptyState, PageHeader } from '@/components/ui';
import { publicConfig } from '@/lib/public-config';

export default function SupportScreen() {
  const { t } = useTranslation('screens');
  const email = publicConfig.support_email;
  return (
    <>
      <PageHeader title={t('support.title')} />
      <EmptyState
        icon={LifeBuoy}
        title={t('support.title')}
        description={t('support.empty', { email })}
        action={
          <a href={`mailto:${email}`} className={buttonClasses('primary')}>
            {email}
          </a>
        }
      />
    </>
  );
}
