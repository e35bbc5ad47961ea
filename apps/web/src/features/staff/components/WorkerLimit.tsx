import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import type { WorkerCount } from '@gona/shared/staff';
import { buttonClasses } from '@/components/ui';
import { paths } from '@/lib/paths';

/** "8 of 10 workers" on a plan with a limit, "8 workers" without one. */
export function WorkerCountLine({ count }: { count: WorkerCount }) {
  const { t } = useTranslation('staff');
  return (
    <p className="inline-flex items-center gap-2 text-stone-800">
      <Users aria-hidden="true" className="size-4 shrink-0 text-green-700" />
      <span className="sr-only">{t('countLabel')}: </span>
      <span className="tabular-nums">
        {count.limit === null
          ? t('countNoLimit', { count: count.active })
          : t('count', { active: count.active, limit: count.limit })}
      </span>
    </p>
  );
}

/**
 * The farm's plan has no room for another active worker: the plan's words ("The Free plan allows up
 * to 10 workers. Upgrade to Pro to add more.", from the catalogue or the server's refusal) and the
 * way to Pro.
 */
export function WorkerLimitNotice({ message }: { message: string }) {
  const { t } = useTranslation('staff');
  return (
    <section
      role="status"
      aria-label={t('limit.title')}
      className="flex flex-col items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <p className="font-medium text-amber-950">{message}</p>
      <p className="text-sm text-stone-800">{t('limit.room')}</p>
      <Link to={paths.subscription} className={buttonClasses('primary')}>
        {t('limit.upgrade')}
      </Link>
    </section>
  );
}
