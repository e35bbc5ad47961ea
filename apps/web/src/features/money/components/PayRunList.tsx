import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote } from 'lucide-react';
import type { PayRun } from '@gona/shared/finance';
import { Badge, Button, EmptyState, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear } from '@/lib/format';
import { formatNaira } from '../format';
import { usePayRuns } from '../wages-api';
import { NewPayRunDialog } from './NewPayRunDialog';
import { PayRunDialog } from './PayRunDialog';

type Props = { farmId: string; writer: boolean };

/** The farm's pay runs, latest period first: drafts to check and pay, and what was paid when. */
export function PayRunList({ farmId, writer }: Props) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const runs = usePayRuns(farmId);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const newRun = writer && <Button onClick={() => setCreating(true)}>{t('wages.runs.new')}</Button>;
  const items = runs.data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      {items.length > 0 && newRun && <div className="flex justify-end">{newRun}</div>}
      {runs.isPending ? (
        runs.fetchStatus === 'paused' ? (
          <EmptyState title={t('wages.runs.errorTitle')} description={t('common:errors.network')} />
        ) : (
          <SkeletonRows rows={3} />
        )
      ) : runs.isError ? (
        <EmptyState
          title={t('wages.runs.errorTitle')}
          description={errorText(runs.error)}
          action={<Button onClick={() => void runs.refetch()}>{t('common:errors.tryAgain')}</Button>}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Banknote}
          title={t('wages.runs.empty')}
          description={writer ? t('wages.runs.emptyHint') : t('wages.runs.emptyReader')}
          action={newRun || undefined}
        />
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {items.map((run) => (
            <li key={run.id}>
              <RunRow run={run} onOpen={() => setOpenId(run.id)} />
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <NewPayRunDialog
          farmId={farmId}
          onClose={() => setCreating(false)}
          onCreated={(runId) => {
            setCreating(false);
            setOpenId(runId);
          }}
        />
      )}
      {openId && (
        <PayRunDialog farmId={farmId} runId={openId} writer={writer} onClose={() => setOpenId(null)} />
      )}
    </div>
  );
}

function RunRow({ run, onOpen }: { run: PayRun; onOpen: () => void }) {
  const { t } = useTranslation('money');
  const period = t('wages.runs.period', {
    from: dayMonthYear(run.period_start),
    to: dayMonthYear(run.period_end),
  });
  const paid = run.status === 'paid';
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid={`pay-run-${run.id}`}
      className="flex min-h-11 w-full items-start gap-3 p-3 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-green-700"
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium wrap-anywhere text-stone-900 tabular-nums">{period}</span>
        <span className="text-sm text-stone-600">
          {paid && run.paid_on
            ? t('wages.runs.paidOn', { date: dayMonthYear(run.paid_on) })
            : t('wages.runs.lines', { count: run.lines_count })}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">
          {formatNaira(run.total_kobo)}
        </span>
        <Badge tone={paid ? 'green' : 'amber'}>{paid ? t('wages.runs.paid') : t('wages.runs.draft')}</Badge>
      </span>
    </button>
  );
}
