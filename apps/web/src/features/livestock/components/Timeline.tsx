import { useTranslation } from 'react-i18next';
import { formatNaira } from '@gona/shared/money';
import type { Livestock, TimelineEntry } from '@gona/shared/livestock';
import { Badge, EmptyState, PagedList } from '@/components/ui';
import { pageItems } from '@/lib/paged-query';
import { useTimeline } from '../api';
import type { WaitingRecord } from '../mutations';
import { dayMonthYear, percentText, useEggsText, useHeadsText } from '../format';

type Props = { farmId: string; animal: Livestock; waiting: readonly WaitingRecord[] };

/** Health records, weighings, head-count events and production of one animal or group, latest first. */
export function Timeline({ farmId, animal, waiting }: Props) {
  const { t } = useTranslation('livestock');
  const timeline = useTimeline(farmId, animal.id);
  const sentence = useEntrySentence(animal);
  return (
    <section aria-labelledby="timeline-title" className="flex flex-col gap-3">
      <h2 id="timeline-title" className="text-lg font-semibold text-stone-900">
        {t('timeline.title')}
      </h2>
      {waiting.length > 0 && (
        <ul aria-label={t('timeline.waitingLabel')} className="flex flex-col gap-2">
          {waiting.map((item) => (
            <li
              key={item.variables.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-3"
            >
              <span className="wrap-anywhere text-stone-900">
                {dayMonthYear(item.variables.date)} ·{' '}
                {sentence({ type: item.type, record: item.variables } as Entry)}
              </span>
              <Badge tone="amber">{t('timeline.waiting')}</Badge>
            </li>
          ))}
        </ul>
      )}
      <PagedList
        query={timeline}
        items={pageItems(timeline.data)}
        skeletonRows={3}
        errorTitle={t('timeline.errorTitle')}
        errorText={(message) => t('timeline.errorText', { message })}
        empty={<EmptyState title={t('timeline.emptyTitle')} description={t('timeline.emptyText')} />}
      >
        {(entries) => (
          <ol className="flex flex-col gap-2">
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-xl border border-stone-200 bg-white p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-stone-700 tabular-nums">
                    {dayMonthYear(entry.date)}
                  </span>
                  <Badge
                    tone={entry.type === 'event' && entry.record.kind === 'mortality' ? 'red' : 'neutral'}
                  >
                    {t(`timeline.types.${entry.type}`)}
                  </Badge>
                </div>
                <p className="mt-1 wrap-anywhere text-stone-900">{sentence(entry)}</p>
                {entry.record.notes && (
                  <p className="text-sm wrap-anywhere text-stone-700">{entry.record.notes}</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}

type Entry =
  | { type: 'health'; record: Partial<Extract<TimelineEntry, { type: 'health' }>['record']> }
  | { type: 'growth'; record: Partial<Extract<TimelineEntry, { type: 'growth' }>['record']> }
  | { type: 'event'; record: Partial<Extract<TimelineEntry, { type: 'event' }>['record']> }
  | { type: 'production'; record: Partial<Extract<TimelineEntry, { type: 'production' }>['record']> };

/** One line that says what a record was, from the record alone (a queued one has no answer yet). */
function useEntrySentence(animal: Livestock) {
  const { t } = useTranslation('livestock');
  const headsText = useHeadsText();
  const eggsText = useEggsText();
  return (entry: Entry): string => {
    switch (entry.type) {
      case 'health': {
        const r = entry.record;
        const parts = [
          t(`healthKinds.${r.kind ?? 'checkup'}`),
          r.condition,
          r.product_name,
          r.quantity_used && r.unit
            ? t('timeline.used', {
                quantity: r.quantity_used,
                unit: t(`common:units.${r.unit}`, { count: Number(r.quantity_used) }),
              })
            : null,
          r.dose,
          r.route ? t(`routes.${r.route}`) : null,
          r.given_by ? t('timeline.givenBy', { name: r.given_by }) : null,
          r.vet ? t('timeline.vet', { name: r.vet }) : null,
          r.cost_kobo != null ? formatNaira(r.cost_kobo) : null,
          r.withdrawal_until ? t('withdrawal.short', { date: dayMonthYear(r.withdrawal_until) }) : null,
          r.next_due_date ? t('timeline.nextDue', { date: dayMonthYear(r.next_due_date) }) : null,
        ];
        return parts.filter(Boolean).join(' · ');
      }
      case 'growth': {
        const r = entry.record;
        const weight = t(animal.kind === 'group' ? 'timeline.averageWeight' : 'timeline.weight', {
          value: r.weight_kg,
        });
        const parts = [
          weight,
          r.count_weighed ? t('timeline.weighed', { count: r.count_weighed }) : null,
          r.body_condition_score ? t(`bodyCondition.${r.body_condition_score}`) : null,
        ];
        return parts.filter(Boolean).join(' · ');
      }
      case 'event': {
        const r = entry.record as Partial<Extract<TimelineEntry, { type: 'event' }>['record']> & {
          to_animal_id?: string;
        };
        const count = r.count ?? 0;
        const parts = [
          t(`eventKinds.${r.kind ?? 'mortality'}`),
          headsText(count, animal.species),
          r.cause,
          r.other_animal_name
            ? t(r.kind === 'transfer_in' ? 'timeline.from' : 'timeline.to', { name: r.other_animal_name })
            : null,
          r.price_kobo != null ? formatNaira(r.price_kobo) : null,
          r.head_count_after != null
            ? t('timeline.leaves', { heads: headsText(r.head_count_after, animal.species) })
            : null,
        ];
        return parts.filter(Boolean).join(' · ');
      }
      case 'production': {
        const r = entry.record;
        const parts = [
          r.eggs_collected != null ? eggsText(r.eggs_collected) : null,
          r.eggs_cracked ? t('timeline.cracked', { count: r.eggs_cracked }) : null,
          r.hen_day_percent != null
            ? t('timeline.henDay', { percent: percentText(r.hen_day_percent) })
            : null,
          r.milk_litres ? t('timeline.milk', { value: r.milk_litres }) : null,
          r.fish_count != null ? t('timeline.fish', { count: r.fish_count }) : null,
          r.fish_kg ? t('timeline.fishKg', { value: r.fish_kg }) : null,
          r.feed_quantity && r.feed_name
            ? t('timeline.feed', {
                name: r.feed_name,
                quantity: r.feed_quantity,
                unit: r.feed_unit ? t(`common:units.${r.feed_unit}`, { count: Number(r.feed_quantity) }) : '',
              })
            : null,
        ];
        return parts.filter(Boolean).join(' · ');
      }
    }
  };
}
