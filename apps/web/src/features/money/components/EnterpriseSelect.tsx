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
  const enterprises = useEnterprises(farmId).data ?? [];
  const of = (kind: 'crop' | 'animal') =>
    enterprises.filter((o) => o.kind === kind).map((o) => ({ value: o.key, label: o.name }));
  return (
    <SelectField
      label={label}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      placeholder={emptyLabel ?? t('wholeFarm')}
      options={[
        ...(emptyLabel ? [{ value: 'farm', label: t('wholeFarm') }] : []),
        { group: t('groups.crops'), options: of('crop') },
        { group: t('groups.animals'), options: of('animal') },
        ...(splitLabel ? [{ value: SPLIT_CHOICE, label: splitLabel }] : []),
      ]}
    />
  );
}
