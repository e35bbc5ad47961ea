import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { CROP_SEASONS, PLAN_ITEMS_MAX, PlanSeasonInputSchema, type CropSeason } from '@gona/shared/crops';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { usePlanSeason, usePlantingWindows } from '../api';
import { CropSelect, FieldSelect, PlantingWindowHint } from './CropFields';

type Row = { id: string; crop_key: string; field_id: string; area_planted: string; planting_date: string };

const newRow = (): Row => ({
  id: newClientId(),
  crop_key: '',
  field_id: '',
  area_planted: '1',
  planting_date: '',
});

/**
 * "Plan a season": crops and fields for one season, each planting day starting at the middle of the
 * zone's window; saving makes the plantings, keeps the windows and writes every crop's work as tasks.
 */
export function PlanSeasonDialog({ farmId, onClose }: { farmId: string; onClose: () => void }) {
  const { t } = useTranslation('crops');
  const errorText = useErrorText();
  const plan = usePlanSeason(farmId);
  const [season, setSeason] = useState<CropSeason>('main');
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setAlert('');
    const input = {
      season,
      items: rows.map((row) => ({ ...row, field_id: row.field_id || null })),
    };
    const parsed = PlanSeasonInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      const result = await plan.mutateAsync(input);
      toast.success(t('plan.done', { count: result.crops.length, tasks: result.tasks_created }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setAlert(t('plan.failed', { message: errorText(error) }));
    }
  }

  return (
    <Dialog
      open
      dirty={rows.some((row) => row.crop_key !== '')}
      onClose={onClose}
      title={t('plan.title')}
      description={t('plan.description')}
      footer={
        <Button type="submit" form="plan-season" fullWidth loading={plan.isPending}>
          {t('plan.save', { count: rows.length })}
        </Button>
      }
    >
      <form id="plan-season" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <SelectField
          label={t('form.season')}
          value={season}
          onChange={(e) => setSeason(e.target.value as CropSeason)}
          options={optionsOf(CROP_SEASONS, (value) => t(`seasons.${value}`))}
        />
        <ol className="flex flex-col gap-4">
          {rows.map((row, index) => (
            <li key={row.id} className="rounded-xl border border-stone-200 p-3">
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">{t('plan.row', { number: index + 1 })}</legend>
                <PlanRow
                  farmId={farmId}
                  season={season}
                  row={row}
                  errors={errors}
                  prefix={`items.${index}`}
                  onChange={(patch) => change(index, patch)}
                />
                {rows.length > 1 && (
                  <Button
                    variant="ghost"
                    onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('plan.remove', { number: index + 1 })}
                  </Button>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        {rows.length < PLAN_ITEMS_MAX && (
          <Button variant="secondary" onClick={() => setRows((current) => [...current, newRow()])}>
            <Plus aria-hidden="true" className="size-4" />
            {t('plan.add')}
          </Button>
        )}
      </form>
    </Dialog>
  );
}

type RowProps = {
  farmId: string;
  season: CropSeason;
  row: Row;
  errors: Record<string, string>;
  prefix: string;
  onChange: (patch: Partial<Row>) => void;
};

function PlanRow({ farmId, season, row, errors, prefix, onChange }: RowProps) {
  const { t } = useTranslation('crops');
  const windows = usePlantingWindows(farmId, row.crop_key);
  const recommended = windows.data?.windows.find((window) => window.season === season)?.recommended ?? '';
  // The planting day starts at the middle of the season's window, until the farmer changes it.
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current && recommended) onChange({ planting_date: recommended });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the window changes
  }, [recommended]);
  return (
    <>
      <CropSelect
        value={row.crop_key}
        error={errors[`${prefix}.crop_key`] ?? errors.crop_key}
        onChange={(value) => {
          touched.current = false;
          onChange({ crop_key: value });
        }}
      />
      <FieldSelect
        farmId={farmId}
        value={row.field_id}
        error={errors[`${prefix}.field_id`] ?? errors.field_id}
        onChange={(value) => onChange({ field_id: value })}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('form.area')}
          inputMode="decimal"
          autoComplete="off"
          value={row.area_planted}
          error={errors[`${prefix}.area_planted`]}
          onChange={(e) => onChange({ area_planted: e.target.value })}
        />
        <TextField
          label={t('form.plantingDate')}
          type="date"
          value={row.planting_date}
          error={errors[`${prefix}.planting_date`]}
          onChange={(e) => {
            touched.current = true;
            onChange({ planting_date: e.target.value });
          }}
        />
      </div>
      <PlantingWindowHint farmId={farmId} cropKey={row.crop_key} />
    </>
  );
}
