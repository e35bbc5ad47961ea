import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@gona/shared/error-codes';
import type { StoredFile } from '@gona/shared/files';
import {
  CreateExpenseInputSchema,
  CreateRecurringExpenseInputSchema,
  EXPENSE_CATEGORIES,
  PAYMENT_METHODS,
  RECEIPTS_MAX,
  REPEAT_CHOICES,
  repeatRule,
  UpdateExpenseInputSchema,
  type Expense,
  type RepeatChoice,
} from '@gona/shared/finance';
import {
  Button,
  ConfirmDialog,
  Dialog,
  FormAlert,
  optionsOf,
  SelectField,
  SkeletonRows,
  TextField,
} from '@/components/ui';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { useErrorText } from '@/lib/error-text';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue, useOnline } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { enterpriseIds, useDeleteExpense, useExpense } from '../api';
import { formatNaira, koboInput, nairaText } from '../format';
import { useCreateExpense, useCreateRecurring, useUpdateExpense } from '../mutations';
import { emptySplit, SPLIT_CHOICE, splitAllocations, splitOf, type SplitValue } from '../split-form';
import { EnterpriseSelect } from './EnterpriseSelect';
import { SplitEditor } from './SplitEditor';

type Props = {
  farmId: string;
  /** Absent to record a new expense; present to change (or delete) this one. */
  expense?: Expense;
  onClose: () => void;
};

/**
 * An expense as a farmer writes it down: day, what for, how much, to whom, paid or owed, a receipt
 * photo, and the crop or animals it was for (or split over several). A new one may repeat every
 * week or month; a saved one opens here to be changed or deleted.
 */
export function ExpenseFormDialog({ farmId, expense, onClose }: Props) {
  if (!expense) return <ExpenseForm farmId={farmId} onClose={onClose} />;
  return <EditExpense farmId={farmId} expense={expense} onClose={onClose} />;
}

/** The saved expense read again (with its receipts) before its form opens; the list's copy offline. */
function EditExpense({ farmId, expense, onClose }: Required<Props>) {
  const { t } = useTranslation('money');
  const online = useOnline();
  const full = useExpense(farmId, expense.id);
  const [round, setRound] = useState(0);
  if (full.isPending && online)
    return (
      <Dialog open onClose={onClose} title={t('expenseForm.editTitle')}>
        <SkeletonRows rows={4} />
      </Dialog>
    );
  const current = full.data ?? expense;
  return (
    <ExpenseForm
      key={round}
      farmId={farmId}
      expense={current}
      receipts={full.data?.receipts}
      onReload={() => void full.refetch().then(() => setRound((n) => n + 1))}
      onClose={onClose}
    />
  );
}

type FormProps = {
  farmId: string;
  expense?: Expense;
  /** The saved receipts; unknown (offline) leaves them as they are. */
  receipts?: readonly StoredFile[] | undefined;
  onReload?: () => void;
  onClose: () => void;
};

function ExpenseForm({ farmId, expense, receipts: savedReceipts, onReload, onClose }: FormProps) {
  const { t } = useTranslation('money');
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const createRecurring = useCreateRecurring();
  const remove = useDeleteExpense(farmId);
  const errorText = useErrorText();
  const id = useRef(newClientId());
  const [deleting, setDeleting] = useState(false);
  // The version this form was filled from: a change saved meanwhile makes the save stale (409).
  const [version] = useState(expense?.version);
  const editing = Boolean(expense);
  const receiptsKnown = !editing || savedReceipts !== undefined;
  const receipts = usePhotoField({ farmId, kind: 'receipt', max: RECEIPTS_MAX, initial: savedReceipts });
  const [initialSplit] = useState<SplitValue>(() =>
    expense && expense.allocations.length > 1 ? splitOf(expense.allocations) : emptySplit(),
  );
  const [split, setSplit] = useState<SplitValue>(initialSplit);
  const form = useSchemaForm(() => initialValues(expense), {
    failed: (message) => t('expenseForm.failed', { message }),
    ...(editing
      ? {
          stale: (
            <span className="flex flex-col items-start gap-2">
              {t('expenseForm.stale')}
              <Button variant="secondary" onClick={onReload}>
                {t('expenseForm.reload')}
              </Button>
            </span>
          ),
        }
      : {}),
  });
  const { values, errors } = form;
  const repeating = !editing && values.repeats !== 'no';
  const splitting = values.enterprise === SPLIT_CHOICE;
  const amount = koboInput(values.amount);

  const allocations = () =>
    splitting
      ? { allocations: splitAllocations(split) }
      : values.enterprise || editing
        ? { allocations: [enterpriseIds(values.enterprise)] }
        : {};
  const owed = () =>
    values.paid === 'unpaid' ? { paid_on: null, due_date: values.due_date || null } : paidOn();
  /** A paid day sent only when it changed: moving the expense's day then moves it too. */
  const paidOn = () => {
    if (!expense) return {};
    const day = values.paid_on || values.date;
    return expense.paid_on === null || day !== expense.paid_on ? { paid_on: day } : {};
  };

  const onSubmit = form.handleSubmit(() => {
    const common = {
      date: values.date,
      category: values.category || undefined,
      amount_kobo: amount,
      description: values.description,
      paid_to: values.paid_to,
      payment_method: values.payment_method,
    };
    if (expense) {
      const input = form.parse(UpdateExpenseInputSchema, {
        ...common,
        ...allocations(),
        ...owed(),
        ...(receiptsKnown && receipts.changed ? { receipt_ids: receipts.ids } : {}),
        version,
      });
      return input && (() => save(submitOrQueue(update, { ...input, farmId, expenseId: expense.id })));
    }
    if (repeating) return repeat(common);
    const input = form.parse(CreateExpenseInputSchema, {
      ...common,
      ...allocations(),
      ...owed(),
      ...(receipts.ids.length > 0 ? { receipt_ids: receipts.ids } : {}),
    });
    return input && (() => save(submitOrQueue(create, { ...input, id: id.current, farmId })));
  });

  /** A new repeating expense instead of one expense: its days from this one's on are written as they come. */
  function repeat(common: Record<string, unknown>) {
    if (splitting) {
      form.setErrors({ enterprise: t('expenseForm.repeatOneEnterprise') });
      return null;
    }
    const day = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? values.date : null;
    const parsed = CreateRecurringExpenseInputSchema.safeParse({
      ...common,
      ...enterpriseIds(values.enterprise),
      rrule: day ? repeatRule(values.repeats as RepeatChoice, day) : undefined,
      starts_on: values.date,
    });
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return null;
    }
    return async () => {
      const saved = await submitOrQueue(createRecurring, { ...parsed.data, id: id.current, farmId });
      const how = t(`expenseForm.repeatsEvery.${values.repeats}`);
      if (saved === QUEUED) toast(t('expenseForm.queued'));
      else toast.success(t('expenseForm.repeatSaved', { amount: formatNaira(saved.amount_kobo), how }));
      onClose();
    };
  }

  async function save(sending: Promise<Expense | typeof QUEUED>) {
    const saved = await sending;
    if (saved === QUEUED) toast(t('expenseForm.queued'));
    else toast.success(t('expenseForm.saved', { amount: formatNaira(saved.amount_kobo) }));
    onClose();
  }

  const formId = expense ? `expense-form-${expense.id}` : 'expense-form';
  return (
    <>
      <Dialog
        open
        dirty={form.dirty || receipts.changed || split !== initialSplit}
        onClose={onClose}
        title={t(editing ? 'expenseForm.editTitle' : 'expenseForm.title')}
        footer={
          <>
            {expense && (
              <Button variant="ghost" className="text-red-800" onClick={() => setDeleting(true)}>
                {t('expenseForm.delete')}
              </Button>
            )}
            <Button type="submit" form={formId} fullWidth={!editing} loading={form.pending}>
              {t('expenseForm.save')}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          <FormAlert>{form.alert}</FormAlert>
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label={t('expenseForm.date')}
              type="date"
              {...form.field('date')}
              error={errors.date ?? errors.starts_on}
            />
            <TextField
              label={t('expenseForm.amount')}
              inputMode="decimal"
              autoComplete="off"
              {...form.field('amount', 'amount_kobo')}
            />
          </div>
          <SelectField
            label={t('expenseForm.category')}
            {...form.field('category')}
            placeholder={t('expenseForm.chooseCategory')}
            options={optionsOf(EXPENSE_CATEGORIES, (category) => t(`categories.${category}`))}
          />
          <TextField
            label={t('expenseForm.description')}
            hint={t('expenseForm.descriptionHint')}
            autoComplete="off"
            {...form.field('description')}
          />
          <EnterpriseSelect
            farmId={farmId}
            label={t('expenseForm.for')}
            value={values.enterprise}
            error={
              errors.enterprise ??
              errors.crop_id ??
              errors.animal_id ??
              (splitting ? undefined : (errors['allocations.0'] ?? errors.allocations))
            }
            onChange={(value) => form.setField('enterprise', value)}
            splitLabel={t('split.choice')}
          />
          {splitting && (
            <SplitEditor farmId={farmId} amount={amount} value={split} onChange={setSplit} errors={errors} />
          )}
          <div className="grid grid-cols-2 gap-4">
            <TextField label={t('expenseForm.paidTo')} autoComplete="off" {...form.field('paid_to')} />
            <SelectField
              label={t('expenseForm.method')}
              {...form.field('payment_method')}
              options={optionsOf(PAYMENT_METHODS, (method) => t(`methods.${method}`))}
            />
          </div>
          {!editing && (
            <SelectField
              label={t('expenseForm.repeats')}
              hint={repeating ? t('expenseForm.repeatsHint') : undefined}
              {...form.field('repeats', 'rrule')}
              options={[
                { value: 'no', label: t('expenseForm.repeatsNo') },
                ...optionsOf(REPEAT_CHOICES, (choice) => t(`expenseForm.repeatsEvery.${choice}`)),
              ]}
            />
          )}
          {!repeating && (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-stone-800">{t('expenseForm.paid')}</legend>
              {(['paid', 'unpaid'] as const).map((choice) => (
                <label key={choice} className="flex min-h-11 items-center gap-3 text-base">
                  <input
                    type="radio"
                    name={`${formId}-paid`}
                    value={choice}
                    checked={values.paid === choice}
                    onChange={() => form.setField('paid', choice)}
                    className="size-5 accent-green-700"
                  />
                  {t(choice === 'paid' ? 'expenseForm.paidYes' : 'expenseForm.paidNo')}
                </label>
              ))}
            </fieldset>
          )}
          {!repeating && values.paid === 'unpaid' && (
            <TextField
              label={t('expenseForm.dueDate')}
              hint={t('expenseForm.dueDateHint')}
              type="date"
              {...form.field('due_date')}
            />
          )}
          {editing && values.paid === 'paid' && (
            <TextField
              label={t('expenseForm.paidOn')}
              type="date"
              {...form.field('paid_on')}
              value={values.paid_on || values.date}
            />
          )}
          {!repeating && receiptsKnown && (
            <PhotoPicker
              label={t('expenseForm.receipt')}
              hint={t('expenseForm.receiptHint')}
              photos={receipts.photos}
              max={RECEIPTS_MAX}
              error={receipts.error ?? errors.receipt_ids}
              onAdd={(files) => void receipts.add(files)}
              onRemove={receipts.remove}
            />
          )}
        </form>
      </Dialog>
      {expense && deleting && (
        <ConfirmDialog
          open
          title={t('expenses.deleteTitle')}
          message={t('expenses.deleteBody', {
            amount: formatNaira(expense.amount_kobo),
            what: expense.description ?? t(`categories.${expense.category}`),
          })}
          confirmLabel={t('expenses.delete')}
          cancelLabel={t('common:cancel')}
          confirmVariant="danger"
          pending={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(expense.id, {
              onSuccess: () => {
                toast.success(t('expenses.deleted'));
                onClose();
              },
              onError: (error) => {
                setDeleting(false);
                toast.error(t('expenses.deleteFailed', { message: errorText(error) }));
              },
            })
          }
        />
      )}
    </>
  );
}

function initialValues(expense: Expense | undefined) {
  const first = expense?.allocations[0];
  return {
    date: expense?.date ?? todayOnFarm(),
    category: expense?.category ?? '',
    amount: expense ? nairaText(expense.amount_kobo) : '',
    description: expense?.description ?? '',
    paid_to: expense?.paid_to ?? '',
    payment_method: expense?.payment_method ?? 'cash',
    enterprise:
      expense && expense.allocations.length > 1
        ? SPLIT_CHOICE
        : first?.crop_id
          ? `crop:${first.crop_id}`
          : first?.animal_id
            ? `animal:${first.animal_id}`
            : '',
    paid: expense?.paid_on === null ? 'unpaid' : 'paid',
    /** Empty: paid on the expense's own day (it moves with it). */
    paid_on: expense?.paid_on && expense.paid_on !== expense.date ? expense.paid_on : '',
    due_date: expense?.due_date ?? '',
    repeats: 'no',
  };
}
