import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailState } from '@/components/ui/DetailState';
import { useAdminSupportRequest } from '@/features/support/admin/admin-api';
import { SupportDesk } from '@/features/support/admin/SupportDesk';
import { paths } from '@/lib/paths';

/** /admin/support/:requestId: one request at the support desk. */
export default function AdminSupportRequestScreen() {
  const { t } = useTranslation('support');
  const { requestId = '' } = useParams();
  const query = useAdminSupportRequest(requestId);
  if (!query.data)
    return (
      <main className="mx-auto w-full max-w-5xl px-4 py-6">
        <DetailState
          query={query}
          back={{ to: paths.adminSupport, label: t('admin.back') }}
          notFoundTitle={t('thread.notFoundTitle')}
          notFoundText={t('admin.notFoundText')}
          errorTitle={t('thread.error')}
        />
      </main>
    );
  return <SupportDesk request={query.data} />;
}
