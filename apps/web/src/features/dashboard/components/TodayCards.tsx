import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell, CalendarCheck, Egg, ShoppingBasket, Syringe, TrendingUp, Wallet } from 'lucide-react';
import type { Dashboard } from '@gona/shared/dashboard';
import { formatDecimal, formatMoney, isLanguage, type Language } from '@gona/shared/languages';
import { DashboardCard } from '@/components/ui/DashboardCard';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { dayMonthYear, formatDateTime } from '@/lib/format';
import { useOnline } from '@/lib/online';
import { useDashboard } from '../api';

export type TodayCardsPaths = {
  tasks: string;
  climate: string;
  inventory: string;
  expenses: string;
  livestock: string;
  /** The seller's orders (the marketplace's Sales tab). */
  sales: string;
  marketplace: string;
};

type Props = { farmId: string; paths: TodayCardsPaths };

/**
 * The cards of /dashboard, all from one request (GET /farms/{farmId}/dashboard): what needs the
 * farmer today and how the farm is doing, each leading to its screen. Money, orders and market
 * prices come only to those who read money (the server leaves them out). Offline, the last copy is
 * shown with the time it was read.
 */
export default function TodayCards({ farmId, paths }: Props) {
  const { t } = useTranslation('dashboard');
  const online = useOnline();
  const dashboard = useDashboard(farmId);
  const data = dashboard.data;
  if (!data) {
    return dashboard.isPending && dashboard.fetchStatus !== 'paused' ? (
      <div className="mb-4">
        <SkeletonRows rows={3} />
      </div>
    ) : null;
  }
  return (
    <>
      {!online && dashboard.dataUpdatedAt > 0 && (
        <p className="mb-4 text-sm text-stone-700">
          {t('home.lastCopy', {
            time: formatDateTime(new Date(dashboard.dataUpdatedAt).toISOString(), data.time_zone),
          })}
        </p>
      )}
      {/* Two columns from a tablet's width; each card keeps its own height. */}
      <div className="sm:grid sm:grid-cols-2 sm:items-start sm:gap-x-4">
        <TasksCard tasks={data.tasks} to={paths.tasks} />
        <AlertsCard alerts={data.alerts} paths={paths} />
        {data.money && <MoneyCard money={data.money} to={paths.expenses} />}
        <ProductionCard production={data.production} to={paths.livestock} />
        <CareCard care={data.care} to={paths.livestock} />
        {data.orders && <OrdersCard orders={data.orders} to={paths.sales} />}
        {data.market_prices && <MarketCard prices={data.market_prices} to={paths.marketplace} />}
      </div>
    </>
  );
}

function TasksCard({ tasks, to }: { tasks: Dashboard['tasks']; to: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard
      id="today-tasks"
      icon={CalendarCheck}
      title={t('home.tasks.title')}
      summary={t('home.tasks.summary', { today: tasks.due_today, overdue: tasks.overdue })}
      to={to}
    >
      {tasks.items.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('home.tasks.nothing')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {tasks.items.map((task) => (
            <li key={task.id} className="flex flex-wrap items-baseline gap-x-2 py-2 break-words">
              <span className="text-stone-900">{task.title}</span>
              {task.late && (
                <span className="text-sm font-medium text-amber-800">
                  {t('home.tasks.lateSince', { date: dayMonthYear(task.due_date) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

function AlertsCard({ alerts, paths }: { alerts: Dashboard['alerts']; paths: TodayCardsPaths }) {
  const { t } = useTranslation('dashboard');
  const rows = [
    { key: 'weather', count: alerts.weather, to: paths.climate },
    { key: 'disease', count: alerts.disease, to: paths.climate },
    { key: 'market', count: alerts.market, to: paths.climate },
    { key: 'lowStock', count: alerts.low_stock, to: paths.inventory },
  ] as const;
  const open = rows.filter((row) => row.count > 0);
  return (
    <DashboardCard id="today-alerts" icon={Bell} title={t('home.alerts.title')} to={paths.climate}>
      {open.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('home.alerts.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {open.map((row) => (
            <li key={row.key}>
              <Link
                to={row.to}
                className="flex min-h-11 items-center justify-between gap-3 text-stone-900 hover:underline"
              >
                <span>{t(`home.alerts.${row.key}`)}</span>
                <span className="font-semibold tabular-nums text-amber-800">{row.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

function MoneyCard({ money, to }: { money: NonNullable<Dashboard['money']>; to: string }) {
  const { t } = useTranslation('dashboard');
  const { moneyText } = useNumbers();
  const { this_month: now, last_month: before } = money;
  return (
    <DashboardCard id="today-money" icon={Wallet} title={t('home.money.title')} to={to}>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <Figure
          label={t('home.money.in')}
          value={moneyText(now.income_kobo)}
          before={t('home.money.lastMonth', { amount: moneyText(before.income_kobo) })}
        />
        <Figure
          label={t('home.money.out')}
          value={moneyText(now.costs_kobo)}
          before={t('home.money.lastMonth', { amount: moneyText(before.costs_kobo) })}
        />
      </dl>
    </DashboardCard>
  );
}

function ProductionCard({ production, to }: { production: Dashboard['production']; to: string }) {
  const { t } = useTranslation('dashboard');
  const { decimalText } = useNumbers();
  const rows = [
    { key: 'eggs', ...production.eggs },
    { key: 'milk', ...production.milk_litres },
  ] as const;
  const shown = rows.filter((row) => Number(row.today) > 0 || Number(row.average_7_days) > 0);
  return (
    <DashboardCard id="today-production" icon={Egg} title={t('home.production.title')} to={to}>
      {shown.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('home.production.nothing')}</p>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-3">
          {shown.map((row) => (
            <Figure
              key={row.key}
              label={t(`home.production.${row.key}`)}
              value={decimalText(row.today)}
              before={t('home.production.average', { value: decimalText(row.average_7_days) })}
            />
          ))}
        </dl>
      )}
    </DashboardCard>
  );
}

function CareCard({ care, to }: { care: Dashboard['care']; to: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard
      id="today-care"
      icon={Syringe}
      title={t('home.care.title')}
      summary={t('home.care.summary', { today: care.due_today, late: care.late })}
      to={to}
    >
      {care.items.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('home.care.nothing')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {care.items.map((item) => (
            <li key={item.task_id}>
              <Link
                to={`${to}/${item.animal_id}`}
                className="flex min-h-11 flex-wrap items-center gap-x-2 py-1 break-words text-stone-900 hover:underline"
              >
                <span className="font-medium">{item.animal_name}</span>
                <span>{item.title}</span>
                <span className="text-sm text-stone-700">{dayMonthYear(item.due_date)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

function OrdersCard({ orders, to }: { orders: NonNullable<Dashboard['orders']>; to: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardCard id="today-orders" icon={ShoppingBasket} title={t('home.orders.title')} to={to}>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <Figure label={t('home.orders.toAccept')} value={String(orders.to_accept)} />
        <Figure label={t('home.orders.toSend')} value={String(orders.to_dispatch)} />
      </dl>
    </DashboardCard>
  );
}

function MarketCard({ prices, to }: { prices: NonNullable<Dashboard['market_prices']>; to: string }) {
  const { t } = useTranslation('dashboard');
  const { moneyText } = useNumbers();
  return (
    <DashboardCard id="today-market" icon={TrendingUp} title={t('home.market.title')} to={to}>
      {prices.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('home.market.nothing')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {prices.map((price) => (
            <li key={price.product_key} className="py-2">
              <span className="font-medium text-stone-900">{price.name}</span>{' '}
              <span className="text-stone-700">
                {t(price.in_state ? 'home.market.inState' : 'home.market.national', {
                  price: moneyText(price.price_kobo),
                  was: moneyText(price.was_kobo),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

/**
 * Money and numbers in the shown language, as lib/language-format writes them. Not imported from
 * there: it imports the i18n loader, whose import of every catalogue would put them all in the first
 * screen's chunk (vite.config.ts follows the home screen's dynamic imports).
 */
function useNumbers() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return {
    moneyText: (kobo: number) => formatMoney(kobo, language),
    decimalText: (value: string) => formatDecimal(value, language),
  };
}

/** A figure of a card: its label, the value large, and last period's beside it. */
function Figure({ label, value, before }: { label: string; value: string; before?: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-stone-900">{value}</dd>
      {before !== undefined && <dd className="text-sm text-stone-700">{before}</dd>}
    </div>
  );
}
