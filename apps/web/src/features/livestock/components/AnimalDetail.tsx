import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Egg, HeartPulse, Pencil, Scale, Skull, Trash2, TriangleAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { can, type FarmRole } from '@gona/shared/permissions';
import { formatNaira } from '@gona/shared/money';
import { FISH_SPECIES, LAYING_SPECIES, MILKING_SPECIES, type Livestock } from '@gona/shared/livestock';
import { Badge, Button, ConfirmDialog, PageHeader } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { AskAboutLink } from '@/components/ui/AskAboutLink';
import { PhotoGallery } from '@/components/ui/PhotoGallery';
import { useErrorText } from '@/lib/error-text';
import { useAnimal, useDeleteLivestock, useGrowthLogs, useGrowthTarget, useProduction } from '../api';
import { useWaitingRecords } from '../mutations';
import { animalName, dayMonthYear, percentText, useEggsText, useHeadsText } from '../format';
import { CareSection } from './CarePlan';
import { EggsChart, WeightChart } from './Charts';
import { LivestockFormDialog } from './LivestockFormDialog';
import { RecordDialog, type RecordMode } from './RecordDialogs';
import { Timeline } from './Timeline';

type Props = {
  farmId: string;
  role: FarmRole;
  animalId: string;
  listPath: string;
  /** The assistant, asked about this animal or group. */
  askPath?: string;
};

/**
 * One animal or group: its withdrawal notice, the quick records (eggs or a death in two taps on a
 * phone), what it is, the latest day's eggs and hen-day rate, weight and eggs charts, its photos
 * and its timeline.
 */
export function AnimalDetail({ farmId, role, animalId, listPath, askPath }: Props) {
  const { t } = useTranslation('livestock');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const animal = useAnimal(farmId, animalId);
  const remove = useDeleteLivestock(farmId);
  const waiting = useWaitingRecords(farmId, animalId);
  const [dialog, setDialog] = useState<RecordMode | 'edit' | 'delete' | null>(null);

  const back = <BackLink to={listPath}>{t('detail.back')}</BackLink>;
  if (!animal.data) {
    return (
      <DetailState
        query={animal}
        back={{ to: listPath, label: t('detail.back') }}
        notFoundTitle={t('detail.notFoundTitle')}
        notFoundText={t('detail.notFoundText')}
        errorTitle={t('detail.errorTitle')}
        errorText={(message) => t('detail.errorText', { message })}
      />
    );
  }

  const item = animal.data;
  const name = animalName(item);
  async function onDelete() {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('delete.done', { name }));
      await navigate(listPath);
    } catch (error) {
      setDialog(null);
      toast.error(t('delete.failed', { name, message: errorText(error) }));
    }
  }

  const recordable = can(role, 'records.recordEvent') && item.status === 'active';
  const lays = LAYING_SPECIES.includes(item.species);
  return (
    <div className="flex flex-col gap-6">
      <div>
        {back}
        <PageHeader
          title={name}
          description={[t(`species.${item.species}`), item.breed].filter(Boolean).join(' · ')}
          action={
            can(role, 'records.write') && (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setDialog('edit')}>
                  <Pencil aria-hidden="true" className="size-4" />
                  {t('detail.edit')}
                </Button>
                <Button variant="secondary" onClick={() => setDialog('delete')}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('detail.delete')}
                </Button>
              </div>
            )
          }
        />
        {askPath && (
          <div className="-mt-4">
            <AskAboutLink to={askPath}>{t('detail.ask')}</AskAboutLink>
          </div>
        )}
      </div>

      {item.withdrawal_until && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('withdrawal.notice', { date: dayMonthYear(item.withdrawal_until) })}
        </p>
      )}

      {recordable && (
        <section aria-label={t('quick.label')} className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {(lays || MILKING_SPECIES.includes(item.species) || FISH_SPECIES.includes(item.species)) && (
            <Button onClick={() => setDialog('production')}>
              <Egg aria-hidden="true" className="size-4" />
              {lays ? t('quick.eggs') : t('quick.production')}
            </Button>
          )}
          <Button onClick={() => setDialog('death')}>
            <Skull aria-hidden="true" className="size-4" />
            {t('quick.death')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('health')}>
            <HeartPulse aria-hidden="true" className="size-4" />
            {t('quick.health')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('growth')}>
            <Scale aria-hidden="true" className="size-4" />
            {t('quick.weigh')}
          </Button>
          {!lays && (
            <Button variant="secondary" onClick={() => setDialog('production')}>
              {t('quick.feed')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setDialog('event')}>
            {item.kind === 'group' ? t('quick.event') : t('quick.eventOne')}
          </Button>
        </section>
      )}

      {item.status === 'active' && <CareSection farmId={farmId} role={role} animal={{ id: item.id, name }} />}
      <Facts animal={item} role={role} />
      <Stats farmId={farmId} animal={item} />

      {item.photos.length > 0 && (
        <section aria-label={t('detail.photos')}>
          <PhotoGallery photos={item.photos} subject={name} />
        </section>
      )}

      <Timeline farmId={farmId} animal={item} waiting={waiting} />

      {dialog === 'edit' && (
        <LivestockFormDialog
          farmId={farmId}
          role={role}
          animal={item}
          photos={item.photos}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog && dialog !== 'edit' && dialog !== 'delete' && (
        <RecordDialog
          farmId={farmId}
          role={role}
          animal={item}
          mode={dialog}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('delete.title', { name })}
        message={t('delete.message')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}

function Facts({ animal, role }: { animal: Livestock; role: FarmRole }) {
  const { t } = useTranslation('livestock');
  const headsText = useHeadsText();
  const none = t('detail.none');
  const facts: [string, string][] = [
    [t('detail.heads'), headsText(animal.head_count, animal.species)],
    [t('detail.status'), t(`statuses.${animal.status}`)],
    ...(animal.kind === 'individual'
      ? ([
          [t('form.tag'), animal.tag ?? none],
          [t('form.sex'), animal.sex ? t(`sexes.${animal.sex}`) : none],
          [t('form.dateOfBirth'), animal.date_of_birth ? dayMonthYear(animal.date_of_birth) : none],
          [t('form.dam'), animal.dam ?? none],
          [t('form.sire'), animal.sire ?? none],
        ] as [string, string][])
      : []),
    [t('form.purpose'), animal.purpose ? t(`purposes.${animal.purpose}`) : none],
    [
      t('detail.keptIn'),
      [animal.housing ? t(`housings.${animal.housing}`) : null, animal.location]
        .filter(Boolean)
        .join(' · ') || none,
    ],
    [
      t('detail.came'),
      [
        t(`acquisitions.${animal.acquisition}`),
        animal.acquired_on ? dayMonthYear(animal.acquired_on) : null,
        animal.seller,
      ]
        .filter(Boolean)
        .join(' · '),
    ],
    ...(animal.age_at_acquisition != null && animal.age_unit
      ? ([[t('detail.ageWhenCame'), t(`ages.${animal.age_unit}`, { count: animal.age_at_acquisition })]] as [
          string,
          string,
        ][])
      : []),
    ...(can(role, 'money.read') && animal.price_kobo != null
      ? ([[t('form.price'), formatNaira(animal.price_kobo)]] as [string, string][])
      : []),
  ];
  return (
    <section aria-label={t('detail.facts')} className="rounded-xl border border-stone-200 bg-white p-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-stone-700">{label}</dt>
            <dd className="wrap-anywhere text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {animal.status !== 'active' && (
        <p className="mt-3">
          <Badge>{t(`statuses.${animal.status}`)}</Badge>
        </p>
      )}
      {animal.notes && <p className="mt-3 wrap-anywhere text-stone-800">{animal.notes}</p>}
    </section>
  );
}

/** The latest day's eggs and hen-day rate, and the charts (weight against its target, with the daily gain). */
function Stats({ farmId, animal }: { farmId: string; animal: Livestock }) {
  const { t } = useTranslation('livestock');
  const eggsText = useEggsText();
  const growth = useGrowthLogs(farmId, animal.id).data?.items ?? [];
  const target = useGrowthTarget(farmId, animal.id).data ?? null;
  const production = useProduction(farmId, animal.id).data?.items ?? [];
  const lays = LAYING_SPECIES.includes(animal.species);
  const latestEggs = production.find((day) => day.eggs_collected !== null);
  return (
    <div className="flex flex-col gap-3">
      {latestEggs && latestEggs.eggs_collected !== null && (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-xl border border-stone-200 bg-white p-4">
            <dt className="text-sm text-stone-700">
              {t('stats.eggsOn', { date: dayMonthYear(latestEggs.date) })}
            </dt>
            <dd className="text-lg font-semibold text-stone-900 tabular-nums">
              {eggsText(latestEggs.eggs_collected)}
            </dd>
            {latestEggs.hen_day_percent !== null && (
              <dd className="text-stone-800">
                {t('stats.henDay', {
                  percent: percentText(latestEggs.hen_day_percent),
                  hens: latestEggs.head_count_on_date.toLocaleString('en-NG'),
                })}
              </dd>
            )}
          </div>
        </dl>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <WeightChart logs={growth} target={target} group={animal.kind === 'group'} />
        {lays && <EggsChart days={production} />}
      </div>
    </div>
  );
}
