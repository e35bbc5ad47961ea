import { useTranslation } from 'react-i18next';
import type { KnowledgeCrop } from '@gona/shared/crops';
import { SelectField } from '@/components/ui';
import { dayMonthYear } from '@/lib/format';
import { useFieldChoices, useKnowledgeCrop, useKnowledgeCrops, usePlantingWindows } from '../api';

/** A crop's name with its Hausa, Yoruba and Igbo names, so a farmer finds it by the name they use. */
export function cropLabel(crop: KnowledgeCrop): string {
  const local = [crop.local_names.hausa, crop.local_names.yoruba, crop.local_names.igbo].filter(Boolean);
  return local.length ? `${crop.name} (${local.join(', ')})` : crop.name;
}

type SelectProps = { value: string; error?: string | undefined; onChange: (value: string) => void };

export function CropSelect({ value, error, onChange }: SelectProps) {
  const { t } = useTranslation('crops');
  const crops = useKnowledgeCrops();
  return (
    <SelectField
      label={t('form.crop')}
      placeholder={t('form.chooseCrop')}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      options={crops.data?.items.map((crop) => ({ value: crop.key, label: cropLabel(crop) }))}
    />
  );
}

export function VarietySelect({ cropKey, value, error, onChange }: SelectProps & { cropKey: string }) {
  const { t } = useTranslation('crops');
  const crop = useKnowledgeCrop(cropKey);
  return (
    <SelectField
      label={t('form.variety')}
      placeholder={t('form.notSure')}
      value={value}
      error={error}
      disabled={!cropKey}
      onChange={(e) => onChange(e.target.value)}
      options={crop.data?.varieties.map((variety) => ({
        value: variety.key,
        label: t('form.varietyOption', { name: variety.name, days: variety.maturity_days }),
      }))}
    />
  );
}

/** The farm's fields, when it has any (a crop need not name one). */
export function FieldSelect({ farmId, value, error, onChange }: SelectProps & { farmId: string }) {
  const { t } = useTranslation('crops');
  const fields = useFieldChoices(farmId).data?.items ?? [];
  if (fields.length === 0) return null;
  return (
    <SelectField
      label={t('form.field')}
      placeholder={t('form.noField')}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      options={fields.map((field) => ({
        value: field.id,
        label: field.area_ha ? t('form.fieldOption', { name: field.name, area: field.area_ha }) : field.name,
      }))}
    />
  );
}

/** "Best planting in your zone": the crop's windows for the farm's zone, from the knowledge base. */
export function PlantingWindowHint({ farmId, cropKey }: { farmId: string; cropKey: string }) {
  const { t } = useTranslation('crops');
  const windows = usePlantingWindows(farmId, cropKey);
  if (!cropKey || !windows.data) return null;
  if (!windows.data.zone) return <p className="text-sm text-stone-700">{t('form.noZone')}</p>;
  if (windows.data.windows.length === 0)
    return (
      <p className="text-sm text-stone-700">
        {t('form.noWindow', { zone: t(`zones.${windows.data.zone}`) })}
      </p>
    );
  return (
    <div className="rounded-lg bg-green-50 p-3 text-sm text-green-950">
      <p className="font-medium">{t('form.windows', { zone: t(`zones.${windows.data.zone}`) })}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {windows.data.windows.map((window) => (
          <li key={window.season}>
            {t('form.window', {
              season: t(`seasons.${window.season}`),
              from: dayMonthYear(window.from),
              to: dayMonthYear(window.to),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-green-900">
        {t('form.source', { source: windows.data.windows[0]!.source.organisation })}
      </p>
    </div>
  );
}
