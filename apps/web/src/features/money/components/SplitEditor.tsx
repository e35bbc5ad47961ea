import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, X } from 'lucide-react';
import { ALLOCATIONS_MAX } from '@gona/shared/finance';
import { Button, TextField, cx } from '@/components/ui';
import { FieldMessages } from '@/components/ui/Field';
import { formatNaira } from '../format';
import { splitLeft, type SplitMode, type SplitValue } from '../split-form';
import { EnterpriseSelect } from './EnterpriseSelect';

type Props = {
  farmId: string;
  /** The expense's amount in kobo as typed (text when it is not a number yet). */
  amount: number | string | undefined;
  value: SplitValue;
  onChange: (value: SplitValue) => void;
  /** The form's field errors, keyed as the shared schema names them (allocations, allocations.1.percent). */
  errors: Record<string, string>;
};

/**
 * An expense split over several crops or animals, by amounts that add up to the whole or by
 * percentages that add up to 100. What is left to share out shows as the farmer types; the shared
 * split rules say what is wrong on saving, beside the share or the list.
 */
export function SplitEditor({ farmId, amount, value, onChange, errors }: Props) {
  const { t } = useTranslation('money');
  const id = useId();
  const { mode, shares } = value;
  const left = splitLeft(amount, value);
  const setShare = (index: number, change: Partial<SplitValue['shares'][number]>) =>
    onChange({ mode, shares: shares.map((s, i) => (i === index ? { ...s, ...change } : s)) });
  const setMode = (next: SplitMode) =>
    onChange({ mode: next, shares: shares.map((s) => ({ ...s, value: '' })) });

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('split.legend')}</legend>
      <div role="radiogroup" aria-label={t('split.by')} className="flex flex-wrap gap-x-4">
        {(['amounts', 'percent'] as const).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name={`${id}-mode`}
              value={choice}
              checked={mode === choice}
              onChange={() => setMode(choice)}
              className="size-5 accent-green-700"
            />
            {t(`split.${choice}`)}
          </label>
        ))}
      </div>
      <ol className="flex flex-col gap-3">
        {shares.map((share, index) => {
          const n = index + 1;
          const valueKey = `allocations.${index}.${mode === 'amounts' ? 'amount_kobo' : 'percent'}`;
          return (
            <li key={index} className="grid grid-cols-[1fr_auto] items-start gap-x-2 gap-y-2">
              <div className="col-span-2 min-w-0">
                <EnterpriseSelect
                  farmId={farmId}
                  label={t('split.shareFor', { n })}
                  value={share.key}
                  error={errors[`allocations.${index}`]}
                  onChange={(key) => setShare(index, { key })}
                />
              </div>
              <TextField
                label={t(mode === 'amounts' ? 'split.shareAmount' : 'split.sharePercent', { n })}
                inputMode="decimal"
                autoComplete="off"
                value={share.value}
                error={errors[valueKey]}
                onChange={(e) => setShare(index, { value: e.target.value })}
              />
              <Button
                variant="ghost"
                className="mt-6 px-3"
                aria-label={t('split.remove', { n })}
                disabled={shares.length <= 2}
                onClick={() => onChange({ mode, shares: shares.filter((_, i) => i !== index) })}
              >
                <X aria-hidden="true" className="size-5" />
              </Button>
            </li>
          );
        })}
      </ol>
      {shares.length < ALLOCATIONS_MAX && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => onChange({ mode, shares: [...shares, { key: '', value: '' }] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('split.add')}
        </Button>
      )}
      <p
        id={`${id}-left`}
        aria-live="polite"
        className={cx(
          'text-sm font-medium',
          left === null
            ? 'text-stone-700'
            : left === 0
              ? 'text-green-800'
              : left > 0
                ? 'text-amber-900'
                : 'text-red-700',
        )}
      >
        {left === null
          ? t('split.enterAmount')
          : mode === 'percent'
            ? t(left === 0 ? 'split.percentDone' : left > 0 ? 'split.percentLeft' : 'split.percentOver', {
                percent: String(Math.abs(left) / 100),
              })
            : t(left === 0 ? 'split.amountDone' : left > 0 ? 'split.amountLeft' : 'split.amountOver', {
                amount: formatNaira(Math.abs(left)),
              })}
      </p>
      <FieldMessages id={`${id}-split`} error={errors.allocations} />
    </fieldset>
  );
}
