import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cx } from '@/components/ui';
import { paths } from '@/lib/paths';
import { AdminOnly } from './AdminOnly';

const SECTIONS = [
  { key: 'disputes', to: paths.admin },
  { key: 'payouts', to: paths.adminPayouts },
  { key: 'payments', to: paths.adminPayments },
  { key: 'orders', to: paths.adminOrders },
  { key: 'listings', to: paths.adminListings },
  { key: 'users', to: paths.adminUsers },
  { key: 'subscriptions', to: paths.adminSubscriptions },
  { key: 'support', to: paths.adminSupport },
  { key: 'help', to: paths.adminHelp },
] as const;

type Section = (typeof SECTIONS)[number]['key'];

/** Which section a back-office address belongs to: /admin and /admin/disputes/… are the disputes. */
export function adminSectionOf(pathname: string): Section {
  const found = SECTIONS.find((s) => s.key !== 'disputes' && pathname.startsWith(s.to));
  return found?.key ?? 'disputes';
}

/**
 * Gona's back office (platform admins only): its own header and a row of sections, outside the
 * farm's shell and never linked from it.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const current = adminSectionOf(useLocation().pathname);
  return (
    <AdminOnly>
      <div className="min-h-dvh bg-stone-50">
        <header className="border-b border-stone-200 bg-white">
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-4 pt-4">
            <p className="font-bold text-green-900">{t('title')}</p>
            <nav aria-label={t('nav.label')} className="-mb-px flex flex-wrap gap-x-1">
              {SECTIONS.map((section) => (
                <Link
                  key={section.key}
                  to={section.to}
                  aria-current={current === section.key ? 'page' : undefined}
                  className={cx(
                    'flex min-h-11 items-center border-b-2 px-3 font-medium',
                    current === section.key
                      ? 'border-green-700 text-green-800'
                      : 'border-transparent text-stone-700 hover:text-stone-900',
                  )}
                >
                  {t(`nav.${section.key}`)}
                </Link>
              ))}
            </nav>
          </div>
        </header>
        {children}
      </div>
    </AdminOnly>
  );
}
