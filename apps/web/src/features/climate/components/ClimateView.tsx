import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloudSun, MapPin } from 'lucide-react';
import { RULE_SOURCES, type Climate } from '@gona/shared/climate';
import { formatNaira } from '@gona/shared/money';
import { Badge, Button, EmptyState, FormAlert, SkeletonRows } from '@/components/ui';
import { AskAboutLink } from '@/components/ui/AskAboutLink';
import type { BadgeTone } from '@/components/ui/Badge';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear, formatDateTime } from '@/lib/format';
import { useClimate } from '../api';
import { skyIcon } from '../sky';

export type ClimateAlert = Climate['alerts'][number];

type Props = {
  farmId: string;
  settingsPath: string;
  /** Where a season is planned (the planting dates come from there). */
  planPath: string;
  /** For people who may add tasks: turn a warning into a task. */
  onMakeTask?: (alert: ClimateAlert) => void;
  /** The assistant, asked about a warning. */
  askPath?: (alert: ClimateAlert) => string;
};

const SEVERITY_TONE: Record<Climate['alerts'][number]['severity'], BadgeTone> = {
  info: 'green',
  warning: 'amber',
  severe: 'red',
};

/**
 * An alert's title and advice. A market-price move says which way prices went, by how much, and
 * whose listings it compares (the farm's state, or all Nigeria when its state has too few).
 */
export function alertWords(t: TFunction<'climate'>, alert: ClimateAlert): { title: string; advice: string } {
  if (alert.rule !== 'market_price')
    return { title: t(`rules.${alert.rule}.title`, alert.values), advice: t(`rules.${alert.rule}.advice`) };
  const change = alert.values.change_percent ?? 0;
  const way = change > 0 ? 'Up' : 'Down';
  return {
    title: t(`rules.market_price.title${way}`, {
      crop: alert.about_name ?? '',
      percent: Math.abs(change),
      where: t(alert.values.in_state ? 'rules.market_price.inState' : 'rules.market_price.national'),
      price: formatNaira(alert.values.price_kobo ?? 0),
      was: formatNaira(alert.values.was_kobo ?? 0),
    }),
    advice: t(`rules.market_price.advice${way}`),
  };
}

const number = (value: number | null) => (value === null ? '–' : String(Math.round(value)));
const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const weekday = (date: string) => weekdayFormat.format(new Date(`${date}T00:00:00Z`));

/** /dashboard/climate: the farm's warnings first, then today and 7 days, then the season's rain. */
export function ClimateView({ farmId, settingsPath, planPath, onMakeTask, askPath }: Props) {
  const { t } = useTranslation('climate');
  const errorText = useErrorText();
  const climate = useClimate(farmId);
  if (climate.isPending) return <SkeletonRows rows={4} />;
  if (climate.isError) return <FormAlert>{t('failed', { message: errorText(climate.error) })}</FormAlert>;
  const data = climate.data;
  if (data.status !== 'ready')
    return (
      <div className="flex flex-col gap-6">
        <NoWeather climate={data} settingsPath={settingsPath} />
        {/* Market-price alerts need no weather: they are shown whatever the forecast's state. */}
        {data.alerts.length > 0 && <Alerts climate={data} onMakeTask={onMakeTask} askPath={askPath} />}
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <Freshness climate={data} settingsPath={settingsPath} />
      <Alerts climate={data} onMakeTask={onMakeTask} askPath={askPath} />
      <Days climate={data} />
      <SeasonRain climate={data} />
      <Planting climate={data} planPath={planPath} />
    </div>
  );
}

/** Why there is no forecast yet: none set up on this server, no place for the farm, or on its way. */
function NoWeather({ climate, settingsPath }: { climate: Climate; settingsPath: string }) {
  const { t } = useTranslation('climate');
  if (climate.status === 'not_configured')
    return <EmptyState icon={CloudSun} title={t('title')} description={t('notConfigured')} />;
  if (climate.status === 'no_location')
    return (
      <EmptyState
        icon={MapPin}
        title={t('noLocationTitle')}
        description={t('noLocation')}
        action={
          <Link to={settingsPath} className="font-semibold text-green-800 underline">
            {t('openSettings')}
          </Link>
        }
      />
    );
  return <EmptyState icon={CloudSun} title={t('waitingTitle')} description={t('waiting')} />;
}

function Freshness({ climate, settingsPath }: { climate: Climate; settingsPath: string }) {
  const { t } = useTranslation('climate');
  const time = climate.fetched_at ? formatDateTime(climate.fetched_at) : '';
  const now = climate.current;
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-700">
      {climate.place?.source === 'state' && (
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sky-950">
          {t('statePlace', { town: climate.place.town })}{' '}
          <Link to={settingsPath} className="font-semibold underline">
            {t('openSettings')}
          </Link>
        </p>
      )}
      {climate.last_error ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {t('lastError', { time })}
        </p>
      ) : (
        <p>{t('updated', { time })}</p>
      )}
      {now && (
        <p>
          {t('now', { temp: number(now.temp_c), rh: number(now.rh_percent), wind: number(now.wind_kmh) })}
        </p>
      )}
    </div>
  );
}

function Alerts({
  climate,
  onMakeTask,
  askPath,
}: Pick<Props, 'onMakeTask' | 'askPath'> & { climate: Climate }) {
  const { t } = useTranslation('climate');
  return (
    <section aria-labelledby="climate-alerts" className="flex flex-col gap-2">
      <h2 id="climate-alerts" className="text-lg font-semibold text-stone-900">
        {t('alerts')}
      </h2>
      {climate.alerts.length === 0 ? (
        <p className="text-stone-700">{t('noAlerts')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {climate.alerts.map((alert) => {
            const words = alertWords(t, alert);
            return (
              <li
                key={`${alert.rule}-${alert.about ?? alert.about_name ?? ''}-${alert.from}`}
                className="rounded-xl border border-stone-200 bg-white p-4"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={SEVERITY_TONE[alert.severity]}>{t(`severity.${alert.severity}`)}</Badge>
                  <span className="text-sm text-stone-700">
                    {alert.from === alert.to
                      ? t('oneDay', { date: dayMonthYear(alert.from) })
                      : t('period', { from: dayMonthYear(alert.from), to: dayMonthYear(alert.to) })}
                    {alert.about_name && ` · ${alert.about_name}`}
                    {alert.values.crops && ` · ${t('crops', { count: alert.values.crops })}`}
                  </span>
                </div>
                <h3 className="mt-1 font-semibold wrap-anywhere text-stone-900">{words.title}</h3>
                <p className="mt-1 text-stone-800">{words.advice}</p>
                <p className="mt-1 text-xs text-stone-600">{t('source', RULE_SOURCES[alert.rule])}</p>
                {(onMakeTask || askPath) && (
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                    {onMakeTask && (
                      <Button variant="secondary" onClick={() => onMakeTask(alert)}>
                        {t('makeTask')}
                      </Button>
                    )}
                    {askPath && <AskAboutLink to={askPath(alert)}>{t('ask')}</AskAboutLink>}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Days({ climate }: { climate: Climate }) {
  const { t } = useTranslation('climate');
  return (
    <section aria-labelledby="climate-days" className="flex flex-col gap-2">
      <h2 id="climate-days" className="text-lg font-semibold text-stone-900">
        {t('days')}
      </h2>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
        {climate.days.slice(0, 8).map((day) => {
          const Icon = skyIcon(day.weather_code);
          return (
            <li
              key={day.date}
              className="flex flex-col items-center gap-1 rounded-xl border border-stone-200 bg-white p-3 text-center"
            >
              <span className="text-sm font-semibold text-stone-900">
                {day.date === climate.today ? t('today') : weekday(day.date)}
              </span>
              <Icon aria-hidden="true" className="size-8 text-green-800" />
              <span className="tabular-nums text-stone-900">
                {t('tempRange', { min: number(day.tmin_c), max: number(day.tmax_c) })}
              </span>
              <span className="text-sm tabular-nums text-stone-700">
                {t('rain', { mm: day.rain_mm === null ? '–' : day.rain_mm.toFixed(1) })}
                {day.rain_chance_percent !== null && (
                  <span className="block">{t('rainChance', { percent: day.rain_chance_percent })}</span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

type Week = { date: string; mm: number; normal: number | null };

/** The past days by week (from the oldest): the rain that fell, and the normal when every day has one. */
function byWeek(days: Climate['past_rain']): Week[] {
  const weeks: Week[] = [];
  days.forEach((day, i) => {
    if (i % 7 === 0) weeks.push({ date: day.date, mm: 0, normal: 0 });
    const week = weeks[weeks.length - 1]!;
    week.mm += day.rain_mm ?? 0;
    week.normal = week.normal === null || day.normal_mm === null ? null : week.normal + day.normal_mm;
  });
  return weeks;
}

/**
 * The last 90 days' rain by week against the normal: a small bar chart (bars fell, lines normal)
 * with its numbers as a table under it.
 */
function SeasonRain({ climate }: { climate: Climate }) {
  const { t } = useTranslation('climate');
  const weeks = byWeek(climate.past_rain);
  const total = weeks.reduce((sum, week) => sum + week.mm, 0);
  const compared = weeks.filter((week) => week.normal !== null);
  const normal = compared.reduce((sum, week) => sum + week.normal!, 0);
  const fellInCompared = compared.reduce((sum, week) => sum + week.mm, 0);
  const summary =
    compared.length > 0 && normal > 0
      ? t('seasonAgainstNormal', {
          mm: Math.round(total),
          percent: Math.round((fellInCompared / normal) * 100),
          normal: Math.round(normal),
        })
      : t('seasonTotal', { mm: Math.round(total) });
  const highest = Math.max(1, ...weeks.map((week) => Math.max(week.mm, week.normal ?? 0)));
  const barWidth = 100 / Math.max(1, weeks.length);
  const top = (mm: number) => 40 - (mm / highest) * 38;
  return (
    <section aria-labelledby="climate-rain" className="flex flex-col gap-2">
      <h2 id="climate-rain" className="text-lg font-semibold text-stone-900">
        {t('seasonRain')}
      </h2>
      <p className="text-stone-800">{summary}</p>
      <svg
        viewBox="0 0 100 40"
        className="h-32 w-full"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        {weeks.map((week, i) => (
          <g key={week.date}>
            <rect
              x={i * barWidth + barWidth * 0.15}
              y={top(week.mm)}
              width={barWidth * 0.7}
              height={40 - top(week.mm)}
              className="fill-sky-600"
            />
            {week.normal !== null && (
              <rect
                x={i * barWidth + barWidth * 0.05}
                y={Math.min(top(week.normal), 39.2)}
                width={barWidth * 0.9}
                height={0.8}
                className="fill-stone-900"
              />
            )}
          </g>
        ))}
      </svg>
      {compared.length > 0 && <p className="text-xs text-stone-600">{t('legend')}</p>}
      <details className="text-sm text-stone-800">
        <summary className="cursor-pointer font-medium">{t('byWeek')}</summary>
        <table className="mt-2 w-full max-w-sm text-left tabular-nums">
          <thead>
            <tr>
              <th className="py-1 font-semibold">{t('weekColumn')}</th>
              <th className="py-1 text-right font-semibold">{t('rainColumn')}</th>
              {compared.length > 0 && (
                <th className="py-1 pl-3 text-right font-semibold">{t('normalColumn')}</th>
              )}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.date} className="border-t border-stone-100">
                <td className="py-1">{t('week', { date: dayMonthYear(week.date) })}</td>
                <td className="py-1 text-right">{week.mm.toFixed(1)}</td>
                {compared.length > 0 && (
                  <td className="py-1 pl-3 text-right">
                    {week.normal === null ? '–' : week.normal.toFixed(1)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {compared.length > 0 && <p className="text-xs text-stone-600">{t('normalsCredit')}</p>}
    </section>
  );
}

/** The farm's coming planting dates, and why one moved when the start of the rains moved it. */
function Planting({ climate, planPath }: { climate: Climate; planPath: string }) {
  const { t } = useTranslation('climate');
  return (
    <section aria-labelledby="climate-planting" className="flex flex-col gap-2">
      <h2 id="climate-planting" className="text-lg font-semibold text-stone-900">
        {t('planting')}
      </h2>
      {climate.planting.length === 0 ? (
        <p className="text-stone-700">
          <Link to={planPath} className="font-semibold text-green-800 underline">
            {t('plantingEmpty')}
          </Link>
        </p>
      ) : (
        <ul aria-labelledby="climate-planting" className="flex flex-col gap-2">
          {climate.planting.map((date) => (
            <li
              key={`${date.crop_name}-${date.season}-${date.window_from}`}
              className="rounded-xl border border-stone-200 bg-white p-4"
            >
              <p className="font-semibold wrap-anywhere text-stone-900">
                {date.crop_name}: {t('plantOn', { date: dayMonthYear(date.recommended_planting_date) })}
              </p>
              <p className="text-sm text-stone-700">
                {t('plantingWindow', {
                  season: t(`seasons.${date.season}`),
                  from: dayMonthYear(date.window_from),
                  to: dayMonthYear(date.window_to),
                })}
              </p>
              {date.onset_date &&
                date.calendar_date &&
                date.calendar_date !== date.recommended_planting_date && (
                  <p className="mt-1 text-sm font-medium text-sky-900">
                    {t(date.onset_confirmed ? 'movedConfirmed' : 'movedLikely', {
                      from: dayMonthYear(date.calendar_date),
                      onset: dayMonthYear(date.onset_date),
                    })}
                  </p>
                )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
