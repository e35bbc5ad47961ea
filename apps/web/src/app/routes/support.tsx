import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, PageHeader } from '@/components/ui';
import { SupportRequestList } from '@/features/support/components/SupportRequestList';
import { paths } from '@/lib/paths';
import { publicConfig } from '@/lib/public-config';

/** /dashboard/support: the person's requests to Gona's support, and a new one. */
export default function SupportScreen() {
  const { t } = useTranslation('support');
  const email = publicConfig.support_email;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={t('intro')}
        action={
          <Link to={paths.supportNew} className={buttonClasses('primary')}>
            {t('new')}
          </Link>
        }
      />
      <p className="text-stone-800">{t('targets')}</p>
      <SupportRequestList />
      <p className="text-sm text-stone-700">{t('byMail', { email })}</p>
    </div>
  );
}
