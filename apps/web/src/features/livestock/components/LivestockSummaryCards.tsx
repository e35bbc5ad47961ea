import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { livestockAnimalPath } from '@/lib/paths';
import { SkeletonRows } from '@/components/ui';
import { useLivestockSummary } from '../api';
import { dayMonthYear, percentText, useEggsText, useHeadsText } from '../format';

/** Heads by species, deaths this month and the mortality they make, eggs collected today, and the next vaccinations. */
export function LivestockSummaryCards({ farmId }: { farmId: string }) {
  const { t } = useTranslation('livestock');
  const summary = useLivestockSummary(farmId);
  const headsText = useHeadsText();
  const eggsText = useEggsText();
  if (summary.isPending) return <SkeletonRows rows={1} />;
  if (!summary.data) return null;
  const {
    by_species: bySpecies,
    head_count,
    deaths_this_month,
    mortality_percent,
    eggs_today,
    upcoming_vaccinations: vaccinations,
  } = summary.data;
  return (
    <section aria-label={t('summary.label')} className="grid gap-3 sm:grid-cols-3">
      <div className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 className="text-sm font-medium text-stone-700">{t('summary.heads')}</h2>
        <p className="text-2xl font-bold text-stone-900 tabular-nums">{head_count.toLocaleString('en-NG')}</p>
        <ul className="mt-1 flex flex-col gap-0.5 text-sm text-stone-800">
          {bySpecies.map((row) => (
            <li key={row.species} className="wrap-anywhere">
              {t(`species.${row.species}`)}: {headsText(row.head_count, row.species)}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 className="text-sm font-medium text-stone-700">{t('summary.deaths')}</h2>
        <p className="text-2xl font-bold text-stone-900 tabular-nums">
          {deaths_this_month.toLocaleString('en-NG')}
        </p>
        <p className="text-sm text-stone-800">
          {mortality_percent === null
            ? t('summary.noMortality')
            : t('summary.mortality', { percent: percentText(mortality_percent) })}
        </p>
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 className="text-sm font-medium text-stone-700">{t('summary.eggsToday')}</h2>
        <p className="text-2xl font-bold text-stone-900 tabular-nums">{eggs_today.toLocaleString('en-NG')}</p>
        <p className="text-sm text-stone-800">{eggsText(eggs_today)}</p>
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-4 sm:col-span-3">
        <h2 className="text-sm font-medium text-stone-700">{t('summary.vaccinations')}</h2>
        {vaccinations.length === 0 ? (
          <p className="text-sm text-stone-800">{t('summary.noVaccinations')}</p>
        ) : (
          <ul className="mt-1 grid gap-2 sm:grid-cols-3">
            {vaccinations.map((next) => (
              <li key={next.task_id} className="min-w-0">
                <Link
                  to={livestockAnimalPath(next.animal_id)}
                  className="block wrap-anywhere font-medium text-green-800 underline-offset-2 hover:underline"
                >
                  {next.title}
                </Link>
                <span className="block wrap-anywhere text-sm text-stone-800">
                  {t('summary.vaccinationOn', { date: dayMonthYear(next.due_date), name: next.animal_name })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
