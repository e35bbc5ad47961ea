import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui';
import { BackLink } from '@/components/ui/DetailState';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { NewRequestForm } from '@/features/support/components/NewRequestForm';
import { paths } from '@/lib/paths';

/** /dashboard/support/new: a request to Gona's support, with photos. */
export default function NewSupportRequestScreen() {
  const { t } = useTranslation('support');
  const { selectedFarm } = useFarmSelection();
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={paths.support}>{t('thread.back')}</BackLink>
      <PageHeader title={t('form.title')} description={t('targets')} />
      <NewRequestForm farm={selectedFarm} />
    </div>
  );
}
