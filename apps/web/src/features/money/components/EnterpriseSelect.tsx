import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui';
import { useEnterprises } from '../api';
import { SPLIT_CHOICE } from '../split-form';

type Props = {
  farmId: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  /** The first choice's words: the whole farm (a record), or no filter (a list). */
  emptyLabel?: string;
  /** The last choice's words, when the record may be split over several (value SPLIT_CHOICE). */
  splitLabel?: string;
};

/** The planting, animal or group a money record belongs to; empty is the whole farm. */
export function EnterpriseSelect({ farmId, label, value, error, onChange, emptyLabel, splitLabel }: Props) {
  const { t } = useTranslation('money');
  const options = useEnterprises(farmId).data ?? [];
  const crops = options.filter((o) => o.kind === 'crop');
  const animals = options.filter((o) => o.kind === 'animal');
  return (
    <SelectField label={label} value={value} error={error} onChange={(e) => onChange(e.target.value)}>
      <option value="">{emptyLabel ?? t('wholeFarm')}</option>
      {emptyLabel && <option value="farm">{t('wholeFarm')}</option>}
      {crops.length > 0 && (
        <optgroup label={t('groups.crops')}>
          {crops.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </optgroup>
      )}
      {animals.length > 0 && (
        <optgroup label={t('groups.animals')}>
          {animals.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </optgroup>
      )}
      {splitLabel && <option value={SPLIT_CHOICE}>{splitLabel}</option>}
    </SelectField>
  );
}
