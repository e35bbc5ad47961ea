import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tractor } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { Button, EmptyState, PageHeader, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { fetchFarm } from '@/features/farms/api';
import { farmKeys } from '@/features/farms/keys';
import { DeleteFarm } from '@/features/farms/components/DeleteFarm';
import { FarmSettingsForm } from '@/features/farms/components/FarmSettingsForm';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { paths } from '@/lib/paths';

/** /dashboard/settings/farms/:farmId: every field of one farm (owner, manager), and its deletion (owner). */
export default function FarmSettingsScreen() {
  const { t } = useTranslation('farms');
  const errorText = useErrorText();
  const { farmId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { farms, replaceFarm, removeFarm } = useFarmSelection();
  const query = useQuery({ queryKey: farmKeys.detail(farmId), queryFn: () => fetchFarm(farmId) });
  const farm = query.data;

  // Offline with no saved copy, or the server unreachable: say so rather than wait or say "no farm".
  if (query.isError || (query.isPending && query.fetchStatus === 'paused')) {
    return (
      <EmptyState
        icon={Tractor}
        title={t('farms.settings.loadFailed')}
        description={query.isError ? errorText(query.error) : t('errors.network', { ns: 'common' })}
        action={
          <Button onClick={() => void query.refetch()}>{t('errors.tryAgain', { ns: 'common' })}</Button>
        }
      />
    );
  }
  if (query.isPending) return <SkeletonRows rows={5} />;
  if (!farm || !can(farm.role, 'farm.update')) {
    return (
      <EmptyState
        icon={Tractor}
        title={t('farms.settings.unavailableTitle')}
        description={farm ? t('farms.settings.notAllowed') : t('farms.settings.notFound')}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('farms.settings.title', { name: farm.name })}
        description={t('farms.settings.subtitle')}
      />
      <div className="flex max-w-lg flex-col gap-6">
        <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
          <FarmSettingsForm
            // A new version (saved here or reloaded after someone else's change) starts the form afresh.
            key={`${farm.id}/${farm.version}`}
            farm={farm}
            onSaved={(saved) => {
              queryClient.setQueryData(farmKeys.detail(farmId), saved);
              replaceFarm(saved);
            }}
            onReload={() => query.refetch().then(() => undefined)}
          />
        </div>
        {can(farm.role, 'farm.delete') && (
          <DeleteFarm
            farm={farm}
            onDeleted={async () => {
              removeFarm(farm.id);
              await navigate(farms.length > 1 ? paths.selectFarm : paths.createFarm, { replace: true });
            }}
          />
        )}
      </div>
    </>
  );
}
