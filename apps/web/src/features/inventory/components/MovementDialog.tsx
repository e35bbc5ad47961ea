import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import {
  applyMovement,
  MOVEMENT_KINDS,
  RecordMovementInputSchema,
  UnitCostFormSchema,
  type MovementKind,
  type Supply,
} from '@gona/shared/inventory';
import { Button, cx, Dialog, FormAlert, TextareaField, TextField } from '@/components/ui';
import { useSchemaForm } from '@/lib/use-schema-form';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { useRecordMovement } from '../mutations';
import type { OfferedMovement } from '../receipt-expense';
import { useQuantityText } from '@/lib/quantity-text';

type Props = {
  farmId: string;
  supply: Pick<Supply, 'id' | 'name' | 'quantity' | 'unit'>;
  initialKind: MovementKind;
  /** Workers do not see money (product.md), so they are not asked for a price either. */
  showCost: boolean;
  /**
   * Given by screens that offer a receipt as an expense: the movement once recorded (or, offline,
   * as saved on the phone), whatever its kind (`receiptOffer` says whether it is one).
   */
  onRecorded?: (movement: OfferedMovement) => void;
  onClose: () => void;
};

/**
 * Records what happened to a supply's stock. Opened from a row's Use / Receive button with the
 * quantity set to 1, so the common case is two taps. The movement id is made at the first tap on
 * Save and kept for every later attempt (a retry, or the queued replay after the connection comes
 * back), so the server records this movement once.
 */
export function MovementDialog({ farmId, supply, initialKind, showCost, onRecorded, onClose }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const record = useRecordMovement();
  const formId = useId();
  const movementId = useRef<string | null>(null);
  const { values, setField, errors, setErrors, parse, alert, handleSubmit, dirty } = useSchemaForm(
    {
      kind: initialKind,
      quantity: initialKind === 'adjusted' ? supply.quantity : '1',
      reason: '',
      note: '',
      unitCost: '',
    },
    { failed: (message) => t('movement.failed', { message }) },
  );
  const { kind, quantity, reason, note, unitCost } = values;

  const onSubmit = handleSubmit(() => {
    const validated = validate();
    return validated && (() => send(validated));
  });

  async function send(validated: NonNullable<ReturnType<typeof validate>>) {
    const input = { ...validated, farmId, supplyId: supply.id, supplyName: supply.name, unit: supply.unit };
    const result = await submitOrQueue(record, input);
    onRecorded?.(
      result === QUEUED
        ? { ...validated, expense_id: null, created_at: new Date().toISOString() }
        : result.movement,
    );
    if (result === QUEUED) {
      toast(t('movement.queued'));
      onClose();
      return;
    }
    const moved = kind === 'adjusted' ? result.supply.quantity : validated.quantity;
    toast.success(
      t(`movement.done.${kind}`, { quantity: quantityText(moved, supply.unit), name: supply.name }),
    );
    if (result.supply.is_low_stock && kind !== 'received') {
      toast.warning(
        t('movement.nowLow', {
          name: supply.name,
          quantity: quantityText(result.supply.quantity, supply.unit),
        }),
      );
    }
    onClose();
  }

  function validate() {
    const cost = parse(UnitCostFormSchema, { unit_cost_kobo: kind === 'received' ? unitCost : '' });
    if (!cost) return null;
    const movement = parse(RecordMovementInputSchema, {
      id: (movementId.current ??= newClientId()),
      kind,
      quantity,
      reason: kind === 'adjusted' ? reason : null,
      note,
      unit_cost_kobo: cost.unit_cost_kobo,
    });
    if (!movement) return null;
    // The same stock rule the server applies, so the farmer hears it before sending anything.
    const outcome = applyMovement(supply.quantity, movement);
    if (!outcome.ok) {
      setErrors({
        quantity: t('movement.tooMuch', { quantity: quantityText(outcome.available, supply.unit) }),
      });
      return null;
    }
    return movement;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty}
      title={t('movement.title', { name: supply.name })}
      footer={
        <Button type="submit" form={formId} loading={record.isPending} fullWidth>
          {t('movement.save')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-stone-800">{t('movement.kind')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {MOVEMENT_KINDS.map((option) => (
              <label
                key={option}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-center text-sm font-medium',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-green-700',
                  kind === option
                    ? 'border-green-700 bg-green-700 text-white'
                    : 'border-stone-300 bg-white text-stone-900',
                )}
              >
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setField('kind', option);
                    if (option === 'adjusted') setField('quantity', supply.quantity);
                  }}
                  className="sr-only"
                />
                {t(`kinds.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={kind === 'adjusted' ? t('movement.countedQuantity') : t('movement.quantity')}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          value={quantity}
          onChange={(e) => setField('quantity', e.target.value)}
          error={errors.quantity}
          hint={t('movement.inStock', { quantity: quantityText(supply.quantity, supply.unit) })}
        />
        {kind === 'adjusted' && (
          <TextField
            label={t('movement.reason')}
            placeholder={t('movement.reasonPlaceholder')}
            value={reason}
            onChange={(e) => setField('reason', e.target.value)}
            error={errors.reason}
          />
        )}
        {kind === 'received' && showCost && (
          <TextField
            label={t('movement.unitCost')}
            inputMode="decimal"
            value={unitCost}
            onChange={(e) => setField('unitCost', e.target.value)}
            error={errors.unit_cost_kobo}
          />
        )}
        <TextareaField
          label={t('movement.note')}
          value={note}
          onChange={(e) => setField('note', e.target.value)}
          error={errors.note}
          rows={2}
        />
      </form>
    </Dialog>
  );
}
