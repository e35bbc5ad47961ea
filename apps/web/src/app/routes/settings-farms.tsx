import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Tractor } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { Badge, PageHeader, SkeletonRows } from '@/components/ui';
import { AddFarmLink } from '@/features/farms/components/AddFarmLink';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { settingsFarmPath } from '@/lib/paths';

/** /dashboard/settings/farms: every farm of the user, a way into each one's settings, and Add a farm. */
export default function ManageFarmsScreen() {
  const { t } = useTranslation('farms');
  const { farms, ready } = useFarmSelection();
  const addFarm = <AddFarmLink />;
  return (
    <>
      <PageHeader title={t('farms.manageTitle')} description={t('farms.manageSubtitle')} action={addFarm} />
      {farms.length === 0 && !ready ? (
        <SkeletonRows rows={2} />
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
          {farms.map((farm) => {
            const body = (
              <>
                <Tractor aria-hidden="true" className="size-6 shrink-0 text-green-700" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold wrap-anywhere text-stone-900">{farm.name}</span>
                  <span className="text-sm wrap-anywhere text-stone-700">
                    {t(`farms.types.${farm.farm_type}`, { ns: 'dashboard' })} · {farm.location}
                  </span>
                </span>
                <Badge tone="green">{t(`farms.roles.${farm.role}`)}</Badge>
              </>
            );
            return (
              <li key={farm.id}>
                {can(farm.role, 'farm.update') ? (
                  <Link
                    to={settingsFarmPath(farm.id)}
                    aria-label={t('farms.openSettings', { name: farm.name })}
                    className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                  >
                    {body}
                    <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
                  </Link>
                ) : (
                  <div className="flex min-h-16 items-center gap-3 px-4 py-3">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
