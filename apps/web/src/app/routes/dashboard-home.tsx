import { Suspense, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Package, PawPrint, Sprout, Users, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { DashboardCard } from '@/components/ui/DashboardCard';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
// In the first screen's chunk (vite.config.ts): chunks of their own cost the phone a round trip after the shell.
// The cards read one request (GET /farms/{farmId}/dashboard), kept with the saved cache for offline.
import TodayCards from '@/features/dashboard/components/TodayCards';
import WeatherCard from '@/features/climate/components/WeatherCard';
// Small and in the first screen's chunk: an owner whose Pro renewal failed sees it at once, from the
// dashboard's one answer (its `pro`), not a request of its own.
import { GraceBanner } from '@/features/billing/components/GraceBanner';
import { useDashboard } from '@/features/dashboard/api';
import { LogoIcon } from '@/components/brand/Logo';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { can } from '@gona/shared/permissions';

const STEPS = [
  { key: 'staff', path: paths.staff, icon: Users },
  { key: 'inventory', path: paths.inventory, icon: Package },
  { key: 'livestock', path: paths.livestock, icon: PawPrint },
  { key: 'crops', path: paths.crops, icon: Sprout },
  { key: 'expenses', path: paths.expenses, icon: Wallet },
] as const;

const CARD_PATHS = {
  tasks: paths.tasks,
  climate: paths.climate,
  inventory: paths.inventory,
  expenses: paths.expenses,
  livestock: paths.livestock,
  sales: `${paths.marketplace}?tab=sales`,
  marketplace: paths.marketplace,
};

export default function DashboardHomeScreen() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const { selectedFarm } = useFarmSelection();
  // The farm's name first, its cards in the render after: on a cheap phone the cards' first render
  // (Today, weather, stock) would otherwise hold the heading back by a few hundred milliseconds.
  const cardsFarm = useDeferredValue(selectedFarm);

  return (
    <>
      <header className="mb-6">
        <p className="text-stone-700">{t('home.greeting', { name: user?.first_name ?? '' })}</p>
        {selectedFarm ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-stone-900">{selectedFarm.name}</h1>
            <Badge tone="green">{t(`farms.types.${selectedFarm.farm_type}`)}</Badge>
          </div>
        ) : (
          <SkeletonRows rows={1} />
        )}
        {selectedFarm && <p className="text-stone-700">{selectedFarm.location}</p>}
      </header>
      {cardsFarm && can(cardsFarm.role, 'farm.billing') && <ProBanner farmId={cardsFarm.id} />}
      {cardsFarm && <TodayCards farmId={cardsFarm.id} paths={CARD_PATHS} />}
      {cardsFarm && (
        <Suspense fallback={null}>
          <WeatherCard farmId={cardsFarm.id} climatePath={paths.climate} />
        </Suspense>
      )}
      {cardsFarm && (
        <DashboardCard
          id="ask-card-title"
          icon={GonaMark}
          title={t('ask.label')}
          summary={t('ask.card')}
          to={paths.assistant}
        />
      )}
      <section
        aria-labelledby="getting-started"
        className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
      >
        <h2 id="getting-started" className="text-lg font-semibold text-stone-900">
          {t('home.gettingStarted')}
        </h2>
        <p className="text-stone-700">{t('home.gettingStartedHint')}</p>
        <ol className="mt-4 flex flex-col divide-y divide-stone-100">
          {STEPS.map(({ key, path, icon: Icon }, index) => (
            <li key={key}>
              <Link
                to={path}
                className="flex min-h-14 items-center gap-3 rounded-lg px-1 py-2 hover:bg-stone-50"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-green-100 text-sm font-bold text-green-900 tabular-nums">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-5 shrink-0 text-green-700" />
                <span className="flex-1 text-stone-900">{t(`home.steps.${key}`)}</span>
                <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** The owner's Gona Pro banner, from the same cached answer the cards read (no request of its own). */
function ProBanner({ farmId }: { farmId: string }) {
  const { data } = useDashboard(farmId);
  if (!data) return null;
  return (
    <GraceBanner subscription={data.pro} timezone={data.time_zone} subscriptionPath={paths.subscription} />
  );
}

/** Gona's own mark for "Ask Gona": already on every dashboard screen, so the card adds no icon to the first load. */
function GonaMark({ className }: { className?: string }) {
  return <LogoIcon alt="" className={className} />;
}
