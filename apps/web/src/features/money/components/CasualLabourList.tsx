import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CasualLabour } from '@gona/shared/finance';
import { Badge, Button, ConfirmDialog } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear } from '@/lib/format';
import { toast } from '@/lib/toast';
import { formatNaira } from '../format';
import { isOffline, useDeleteCasualLabour } from '../wages-api';
import { CasualLabourDialog } from './CasualLabourDialog';

type Props = { farmId: string; date: string; items: CasualLabour[]; writer: boolean };

/** A day's casual labour: how many people at what rate, for what work and enterprise. */
export function CasualLabourList({ farmId, date, items, writer }: Props) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CasualLabour | null>(null);
  const remove = useDeleteCasualLabour(farmId);
  const total = items.reduce((sum, item) => sum + item.amount_kobo, 0);
  const words = (item: CasualLabour) => ({
    what: item.description ?? t('wages.casual.work'),
    people: t('wages.casual.people', { count: item.headcount }),
    rate: formatNaira(item.rate_kobo),
    amount: formatNaira(item.amount_kobo),
    date: dayMonthYear(item.date),
  });

  return (
    <section aria-labelledby="casual-labour-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="casual-labour-title" className="text-lg font-semibold text-stone-900">
          {t('wages.casual.title')}
        </h2>
        {writer && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t('wages.casual.add')}
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="text-stone-700">{t('wages.casual.none')}</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {items.map((item) => (
              <li key={item.id} data-testid={`casual-${item.id}`} className="flex items-start gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere text-stone-900">{words(item).what}</p>
                  <p className="text-sm text-stone-700 tabular-nums">{t('wages.casual.line', words(item))}</p>
                  <p className="text-sm wrap-anywhere text-stone-600">
                    {item.enterprise_name ?? t('wholeFarm')}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                    {formatNaira(item.amount_kobo)}
                  </span>
                  {item.pay_run_id ? (
                    <Badge>{t('wages.casual.inRun')}</Badge>
                  ) : (
                    writer && (
                      <Button
                        variant="ghost"
                        aria-label={t('wages.casual.deleteFor', words(item))}
                        onClick={() => setDeleting(item)}
                      >
                        {t('wages.casual.delete')}
                      </Button>
                    )
                  )}
                </div>
              </li>
            ))}
          </ul>
          <p className="text-sm font-medium text-stone-800">
            {t('wages.casual.total', { amount: formatNaira(total) })}
          </p>
        </>
      )}
      {adding && <CasualLabourDialog farmId={farmId} date={date} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('wages.casual.deleteTitle')}
          message={t('wages.casual.deleteBody', words(deleting))}
          confirmLabel={t('wages.casual.delete')}
          cancelLabel={t('common:cancel')}
          confirmVariant="danger"
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast.success(t('wages.casual.deleted')),
              onError: (error) =>
                toast.error(
                  isOffline(error)
                    ? t('wages.offline')
                    : t('wages.casual.deleteFailed', { message: errorText(error) }),
                ),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </section>
  );
}
