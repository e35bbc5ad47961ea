import { useTranslation } from 'react-i18next';
import { CloudSun } from 'lucide-react';
import { DashboardCard } from '@/components/ui/DashboardCard';
import { dayMonthYear } from '@/lib/format';
import { useClimate } from '../api';

type Props = { farmId: string; climatePath: string };

/**
 * A card of /dashboard: today's weather on the farm and its most serious warning (a market-price
 * move only when there is no weather warning), the way to the climate screen. Nothing when the
 * server has no weather source; a nudge when the farm has no point.
 */
export default function WeatherCard({ farmId, climatePath }: Props) {
  const { t } = useTranslation('dashboard');
  const climate = useClimate(farmId).data;
  if (!climate || climate.status === 'not_configured' || climate.status === 'waiting') return null;
  const today = climate.days[0];
  const worst = climate.alerts.find((alert) => alert.severity !== 'info');
  const market = worst ? undefined : climate.alerts.find((alert) => alert.rule === 'market_price');
  return (
    <DashboardCard
      id="today-weather"
      icon={CloudSun}
      title={t('home.weather.title')}
      summary={
        climate.status === 'no_location' || !today
          ? t('home.weather.noLocation')
          : t(climate.place?.source === 'state' ? 'home.weather.todayAt' : 'home.weather.today', {
              // Weather from the state capital says so: it may not be the farm's own.
              town: climate.place?.town,
              min: today.tmin_c === null ? '–' : Math.round(today.tmin_c),
              max: today.tmax_c === null ? '–' : Math.round(today.tmax_c),
              mm: today.rain_mm === null ? '–' : today.rain_mm.toFixed(1),
            })
      }
      to={climatePath}
    >
      {worst && (
        <p
          className={`mt-2 rounded-lg px-3 py-2 text-sm font-medium wrap-anywhere ${worst.severity === 'severe' ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-900'}`}
        >
          {t('home.weather.warning', {
            rule: t(`home.weather.rules.${worst.rule}`),
            period:
              worst.from === worst.to
                ? dayMonthYear(worst.from)
                : t('home.weather.period', { from: dayMonthYear(worst.from), to: dayMonthYear(worst.to) }),
          })}
        </p>
      )}
      {market && (
        <p className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm font-medium wrap-anywhere text-sky-950">
          {t((market.values.change_percent ?? 0) > 0 ? 'home.weather.marketUp' : 'home.weather.marketDown', {
            crop: market.about_name ?? '',
            percent: Math.abs(market.values.change_percent ?? 0),
          })}
        </p>
      )}
    </DashboardCard>
  );
}
