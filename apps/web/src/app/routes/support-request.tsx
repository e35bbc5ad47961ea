import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { useSupportRequest } from '@/features/support/api';
import { SupportThread } from '@/features/support/components/SupportThread';
import { paths } from '@/lib/paths';

/** /dashboard/support/:requestId: one request's thread and the reply box. */
export default function SupportRequestScreen() {
  const { t } = useTranslation('support');
  const { requestId = '' } = useParams();
  const query = useSupportRequest(requestId);
  const { selectedFarm } = useFarmSelection();
  if (!query.data)
    return (
      <DetailState
        query={query}
        back={{ to: paths.support, label: t('thread.back') }}
        notFoundTitle={t('thread.notFoundTitle')}
        notFoundText={t('thread.notFoundText')}
        errorTitle={t('thread.error')}
      />
    );
  const request = query.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={paths.support}>{t('thread.back')}</BackLink>
      <PageHeader title={request.subject} description={t(`topics.${request.topic}`)} />
      <SupportThread request={request} farmId={request.farm_id ?? selectedFarm?.id ?? ''} />
    </div>
  );
}
