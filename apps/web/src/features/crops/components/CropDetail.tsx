import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListChecks, Sprout, Trash2, Wheat } from 'lucide-react';
import {
  checkHarvest,
  CROP_STATUSES,
  type Crop,
  type CropStatus,
  type Factor,
  type HarvestCheck,
  type Prediction,
  type StageDate,
  STAGE_LATE_AFTER_DAYS,
} from '@gona/shared/crops';
import { can, type FarmRole } from '@gona/shared/permissions';
import { Badge, Button, ConfirmDialog, optionsOf, PageHeader, SelectField } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { AskAboutLink } from '@/components/ui/AskAboutLink';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useCrop,
  useDeleteCrop,
  useHarvests,
  usePlanCropTasks,
  usePredict,
  usePredictions,
  useStages,
  useTimeline,
  useUpdateCrop,
} from '../api';
import { HarvestDialog, StageDialog } from './CropRecordDialogs';

type Props = {
  farmId: string;
  role: FarmRole;
  cropId: string;
  listPath: string;
  /** The assistant, asked about this crop. */
  askPath?: string;
};

/**
 * One planting: where it is today and what to do now, its facts, the yield it is heading for (with
 * why), its stages and harvests, and the way to put its work into tasks.
 */
export function CropDetail({ farmId, role, cropId, listPath, askPath }: Props) {
  const { t } = useTranslation('crops');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const crop = useCrop(farmId, cropId);
  const remove = useDeleteCrop(farmId);
  const planTasks = usePlanCropTasks(farmId, cropId);
  const [dialog, setDialog] = useState<'stage' | 'harvest' | 'delete' | null>(null);

  const back = <BackLink to={listPath}>{t('detail.back')}</BackLink>;
  if (!crop.data) {
    return (
      <DetailState
        query={crop}
        back={{ to: listPath, label: t('detail.back') }}
        notFoundTitle={t('detail.notFoundTitle')}
        notFoundText={t('detail.notFoundText')}
        errorTitle={t('detail.errorTitle')}
      />
    );
  }
  const item = crop.data;
  const recordable = can(role, 'records.recordEvent') && item.status !== 'failed';

  async function onDelete() {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('detail.deleted', { name: item.crop_name }));
      await navigate(listPath);
    } catch (error) {
      setDialog(null);
      toast.error(errorText(error));
    }
  }

  async function onPlanTasks() {
    try {
      const result = await planTasks.mutateAsync();
      toast.success(t('detail.tasksPlanned', { count: result.created }));
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        {back}
        <PageHeader
          title={item.crop_name}
          description={[item.variety_name, item.field?.name].filter(Boolean).join(' · ')}
          action={
            can(role, 'records.write') && (
              <Button variant="secondary" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('detail.delete')}
              </Button>
            )
          }
        />
        {askPath && (
          <div className="-mt-4">
            <AskAboutLink to={askPath}>{t('detail.ask')}</AskAboutLink>
          </div>
        )}
      </div>

      <StageNow crop={item} />

      {recordable && (
        <section aria-label={t('detail.quick')} className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button onClick={() => setDialog('stage')}>
            <Sprout aria-hidden="true" className="size-4" />
            {t('detail.recordStage')}
          </Button>
          <Button onClick={() => setDialog('harvest')}>
            <Wheat aria-hidden="true" className="size-4" />
            {t('detail.recordHarvest')}
          </Button>
          {can(role, 'records.write') && (
            <Button variant="secondary" loading={planTasks.isPending} onClick={() => void onPlanTasks()}>
              <ListChecks aria-hidden="true" className="size-4" />
              {t('detail.planTasks')}
            </Button>
          )}
        </section>
      )}

      <Facts farmId={farmId} role={role} crop={item} />
      <Timeline farmId={farmId} cropId={item.id} />
      <PredictionCard farmId={farmId} role={role} crop={item} />
      <Records farmId={farmId} cropId={item.id} />

      {dialog === 'stage' && <StageDialog farmId={farmId} crop={item} onClose={() => setDialog(null)} />}
      {dialog === 'harvest' && <HarvestDialog farmId={farmId} crop={item} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('detail.deleteTitle', { name: item.crop_name })}
        message={t('detail.deleteMessage')}
        confirmLabel={t('detail.delete')}
        cancelLabel={t('common:cancel')}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}

function StageNow({ crop }: { crop: Crop }) {
  const { t } = useTranslation('crops');
  const stage = crop.current_stage;
  return (
    <section aria-labelledby="stage-now" className="rounded-xl border border-green-200 bg-green-50 p-4">
      <h2 id="stage-now" className="text-sm font-medium text-green-900">
        {t('detail.now')}
      </h2>
      {stage ? (
        <>
          <p className="text-lg font-semibold text-green-950">
            {t('detail.stage', { name: stage.name, day: stage.day })}
          </p>
          <p className="mt-1 wrap-anywhere text-green-950">{stage.advice}</p>
        </>
      ) : (
        <p className="text-green-950">
          {t(`detail.noStage.${crop.status}`, { date: dayMonthYear(crop.planting_date) })}
        </p>
      )}
    </section>
  );
}

function Facts({ farmId, role, crop }: { farmId: string; role: FarmRole; crop: Crop }) {
  const { t } = useTranslation('crops');
  const errorText = useErrorText();
  const update = useUpdateCrop(farmId, crop.id);
  const facts: [string, string][] = [
    ...(can(role, 'records.write')
      ? []
      : ([[t('detail.status'), t(`statuses.${crop.status}`)]] as [string, string][])),
    [t('form.area'), t('list.area', { area: crop.area_planted })],
    [t('form.season'), t(`seasons.${crop.season}`)],
    [t('form.plantingDate'), dayMonthYear(crop.planting_date)],
    [t('detail.expectedHarvest'), dayMonthYear(crop.expected_harvest)],
  ];
  return (
    <section aria-label={t('detail.facts')} className="rounded-xl border border-stone-200 bg-white p-4">
      {can(role, 'records.write') && (
        <div className="mb-3 sm:max-w-xs">
          <SelectField
            label={t('detail.status')}
            value={crop.status}
            disabled={update.isPending}
            onChange={(e) =>
              void update
                .mutateAsync({ status: e.target.value as CropStatus, version: crop.version })
                .then(() =>
                  toast.success(t('detail.statusSaved', { status: t(`statuses.${e.target.value}`) })),
                )
                .catch((error: unknown) => toast.error(errorText(error)))
            }
            options={optionsOf(CROP_STATUSES, (status) => t(`statuses.${status}`))}
          />
        </div>
      )}
      <dl className="grid gap-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-stone-700">{label}</dt>
            <dd className="wrap-anywhere text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {crop.notes && <p className="mt-3 wrap-anywhere text-stone-800">{crop.notes}</p>}
    </section>
  );
}

const tonnes = (value: number) => value.toLocaleString('en-NG', { maximumFractionDigits: 1 });

const millimetres = (value: number) => value.toLocaleString('en-NG', { maximumFractionDigits: 0 });

function FactorLine({ name, factor }: { name: string; factor: Factor }) {
  const { t } = useTranslation('crops');
  const effect =
    factor.value === 1
      ? t('prediction.noEffect')
      : t('prediction.effect', { percent: Math.round((factor.value - 1) * 100) });
  const rain = factor.rain;
  return (
    <li className="wrap-anywhere">
      <span className="font-medium">{t(`prediction.factors.${name}`)}:</span>{' '}
      {t(`prediction.bases.${factor.basis}`, {
        detail: factor.detail ?? '',
        percent: factor.detail ?? '',
        days: rain?.days ?? factor.detail ?? '',
        mm: rain ? millimetres(rain.mm) : '',
        normal: rain?.normal_mm != null ? millimetres(rain.normal_mm) : '',
        from: rain ? dayMonthYear(rain.from) : '',
        to: rain ? dayMonthYear(rain.to) : '',
      })}{' '}
      {factor.known && `(${effect})`}
    </li>
  );
}

/** Where the typical yield comes from, as the assistant cites its facts; a link only to a web address. */
function SourceLine({ source, typical }: { source: Prediction['source']; typical: number }) {
  const { t } = useTranslation('crops');
  if (!source)
    return <p className="text-sm text-stone-700">{t('prediction.noSource', { typical: tonnes(typical) })}</p>;
  const words = t('prediction.source', {
    source: `${source.title} — ${source.organisation}${source.year ? `, ${source.year}` : ''}`,
  });
  return (
    <p className="text-sm wrap-anywhere text-stone-700">
      {source.url && /^https?:\/\//i.test(source.url) ? (
        <a href={source.url} target="_blank" rel="noreferrer" className="text-green-800 underline">
          {words}
        </a>
      ) : (
        words
      )}
    </p>
  );
}

/** The harvest so far beside the prediction the farmer had before it. */
function HarvestCheckLine({ check }: { check: HarvestCheck }) {
  const { t } = useTranslation('crops');
  const { prediction } = check;
  return (
    <div className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-800">
      <p>
        <span className="font-medium text-stone-900">
          {t('prediction.actual', { actual: tonnes(check.harvested_t) })}
        </span>{' '}
        {t(`prediction.outcome.${check.outcome}`, {
          low: tonnes(prediction.low),
          high: tonnes(prediction.high),
          date: dayMonthYear(prediction.prediction_date),
          percent: `${check.difference_percent > 0 ? '+' : ''}${check.difference_percent}`,
        })}
      </p>
      {check.unweighed > 0 && <p className="mt-1">{t('prediction.unweighed', { count: check.unweighed })}</p>}
    </div>
  );
}

function PredictionCard({ farmId, role, crop }: { farmId: string; role: FarmRole; crop: Crop }) {
  const { t } = useTranslation('crops');
  const errorText = useErrorText();
  const predictions = usePredictions(farmId, crop.id);
  const predict = usePredict(farmId, crop.id);
  const latest: Prediction | undefined = predictions.data?.items[0];
  const harvests = useHarvests(farmId, crop.id).data?.items;
  const check = predictions.data && harvests ? checkHarvest(predictions.data.items, harvests) : null;
  async function onPredict() {
    try {
      await predict.mutateAsync();
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  return (
    <section aria-labelledby="prediction" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="prediction" className="text-lg font-semibold text-stone-900">
        {t('prediction.title')}
      </h2>
      {latest ? (
        <div className="mt-1 flex flex-col gap-2">
          <p className="text-stone-900">
            {t('prediction.range', {
              low: tonnes(latest.low),
              high: tonnes(latest.high),
              value: tonnes(latest.predicted_yield),
            })}
          </p>
          <p className="text-sm text-stone-700">
            {t('prediction.basis', {
              area: crop.area_planted,
              typical: tonnes(latest.typical_t_ha),
              confidence: Math.round(latest.confidence_score * 100),
              date: dayMonthYear(latest.prediction_date),
            })}
          </p>
          <SourceLine source={latest.source} typical={latest.typical_t_ha} />
          <ul className="flex flex-col gap-1 text-sm text-stone-800">
            {Object.entries(latest.factors).map(([name, factor]) => (
              <FactorLine key={name} name={name} factor={factor} />
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-1 text-stone-800">{t('prediction.none')}</p>
      )}
      {check && <HarvestCheckLine check={check} />}
      {can(role, 'records.write') && (
        <Button
          className="mt-3"
          variant="secondary"
          loading={predict.isPending}
          onClick={() => void onPredict()}
        >
          {t('prediction.predict')}
        </Button>
      )}
    </section>
  );
}

const TIMING_TONES = {
  on_time: 'green',
  late: 'red',
  early: 'neutral',
  not_recorded: 'amber',
  upcoming: 'neutral',
} as const;

/** Each stage and the harvest: the day expected from planting, the day recorded, and whether it came late. */
function Timeline({ farmId, cropId }: { farmId: string; cropId: string }) {
  const { t } = useTranslation('crops');
  const rows = useTimeline(farmId, cropId).data?.items;
  if (!rows) return null;
  return (
    <section aria-labelledby="timeline" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="timeline" className="text-lg font-semibold text-stone-900">
        {t('timeline.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('timeline.note', { days: STAGE_LATE_AFTER_DAYS })}</p>
      <ol className="mt-2 divide-y divide-stone-100">
        {rows.map((row) => (
          <TimelineRow key={row.key} row={row} />
        ))}
      </ol>
    </section>
  );
}

function TimelineRow({ row }: { row: StageDate }) {
  const { t } = useTranslation('crops');
  const count = Math.abs(row.days_late ?? 0);
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="min-w-0 font-medium wrap-anywhere text-stone-900">
          {row.key === 'harvest' ? t('timeline.harvest') : row.name}
        </span>
        <Badge tone={TIMING_TONES[row.timing]}>{t(`timeline.timing.${row.timing}`, { count })}</Badge>
      </div>
      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
        <div className="min-w-0">
          <dt className="text-stone-700">{t('timeline.expected')}</dt>
          <dd className="text-stone-900">{dayMonthYear(row.expected_date)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-stone-700">{t('timeline.actual')}</dt>
          <dd className="text-stone-900">
            {row.actual_date
              ? dayMonthYear(row.actual_date)
              : row.timing === 'not_recorded'
                ? t('timeline.notRecorded')
                : t('timeline.notYet')}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Records({ farmId, cropId }: { farmId: string; cropId: string }) {
  const { t } = useTranslation('crops');
  const stages = useStages(farmId, cropId).data?.items ?? [];
  const harvests = useHarvests(farmId, cropId).data?.items ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="stages" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="stages" className="text-lg font-semibold text-stone-900">
          {t('detail.stages')}
        </h2>
        {stages.length === 0 ? (
          <p className="mt-1 text-stone-700">{t('detail.noStages')}</p>
        ) : (
          <ol className="mt-2 divide-y divide-stone-100">
            {stages.map((stage) => (
              <li key={stage.id} className="py-2">
                <span className="block font-medium text-stone-900">
                  {dayMonthYear(stage.start_date)} · {stage.stage_name}
                </span>
                {stage.observation && (
                  <span className="block wrap-anywhere text-sm text-stone-700">{stage.observation}</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="harvests" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="harvests" className="text-lg font-semibold text-stone-900">
          {t('detail.harvests')}
        </h2>
        {harvests.length === 0 ? (
          <p className="mt-1 text-stone-700">{t('detail.noHarvests')}</p>
        ) : (
          <ol className="mt-2 divide-y divide-stone-100">
            {harvests.map((harvest) => (
              <li key={harvest.id} className="py-2">
                <span className="block font-medium text-stone-900">
                  {dayMonthYear(harvest.date)} ·{' '}
                  {t(`units.${harvest.unit}`, {
                    count: Number(harvest.quantity),
                    quantity: harvest.quantity,
                  })}
                  {harvest.kg && ` (${t('detail.kg', { kg: harvest.kg })})`}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
                  <Badge tone={harvest.destination === 'lost' ? 'red' : 'neutral'}>
                    {t(`destinations.${harvest.destination}`)}
                  </Badge>
                  {harvest.grade && <span className="wrap-anywhere">{harvest.grade}</span>}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
