import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@gona/shared/error-codes';
import {
  PAYOUT_ACCOUNT_HOLD_HOURS,
  ResolveAccountInputSchema,
  SavePayoutAccountInputSchema,
  type PayoutAccount,
} from '@gona/shared/marketplace';
import { Button, Dialog, FormAlert, SelectField, TextField } from '@/components/ui';
import { Spinner } from '@/components/ui/Spinner';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useBanks, useResolveAccount, useSavePayoutAccount } from '../payouts-api';

type Props = {
  farmId: string;
  /** The account now, when the owner is changing it. */
  account: PayoutAccount | null;
  onClose: () => void;
};

/**
 * The owner adds or changes the farm's payout account: the bank and the 10-digit number, which
 * the bank is asked about as soon as both are complete, so the owner sees whose account it is
 * before confirming with their password. A change first says that payouts then wait. Saved once
 * however often Save is tapped; the server's refusals show beside their fields.
 */
export function PayoutAccountDialog({ farmId, account, onClose }: Props) {
  const { t } = useTranslation('marketplace');
  const common = useTranslation('common').t;
  const errorText = useErrorText();
  const formId = useId();
  const banks = useBanks();
  const save = useSavePayoutAccount(farmId);
  const sending = useRef(false);
  const form = useSchemaForm(
    { bank_code: '', account_number: '', password: '' },
    { failed: (message) => t('payouts.dialog.failed', { message }) },
  );
  const { bank_code, account_number } = form.values;

  // Asked of the bank once the pair is complete; a new bank or number asks again.
  const complete = ResolveAccountInputSchema.safeParse({ bank_code, account_number });
  const resolve = useResolveAccount(
    farmId,
    complete.success ? complete.data.bank_code : '',
    complete.success ? complete.data.account_number : '',
    complete.success,
  );
  const resolved = complete.success ? resolve.data : undefined;
  const refused = complete.success && resolve.isError ? resolve.error : null;
  const refusedFields = refused instanceof ApiError ? refused.fields : {};
  const bankError =
    form.errors.bank_code ??
    refusedFields.bank_code ??
    (banks.isError ? t('payouts.dialog.banksError') : undefined);
  const numberError =
    form.errors.account_number ??
    (refused && !refusedFields.bank_code ? (refusedFields.account_number ?? errorText(refused)) : undefined);

  /** A changed bank or number is a different account: its old messages go. */
  function change(name: 'bank_code' | 'account_number', value: string) {
    form.setField(name, value);
    form.setErrors(({ [name]: _old, ...rest }) => rest);
  }

  const onSubmit = form.handleSubmit(() => {
    if (sending.current || !resolved) return null;
    const parsed = SavePayoutAccountInputSchema.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error));
      return null;
    }
    return async () => {
      sending.current = true;
      try {
        const saved = await save.mutateAsync(parsed.data);
        toast.success(
          account && saved.hold_until
            ? t('payouts.dialog.changed', { time: formatDateTime(saved.hold_until) })
            : t('payouts.dialog.saved'),
        );
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t(account ? 'payouts.dialog.changeTitle' : 'payouts.dialog.addTitle')}
      footer={
        resolved && (
          <Button type="submit" form={formId} fullWidth loading={form.pending}>
            {t('payouts.dialog.submit')}
          </Button>
        )
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        {account && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            {t('payouts.dialog.changeWarning', { hours: PAYOUT_ACCOUNT_HOLD_HOURS })}
          </p>
        )}
        <FormAlert>{form.alert}</FormAlert>
        <SelectField
          label={t('payouts.dialog.bank')}
          placeholder={t(banks.isPending ? 'payouts.dialog.banksLoading' : 'payouts.dialog.chooseBank')}
          disabled={banks.isPending}
          name="bank_code"
          value={bank_code}
          error={bankError}
          onChange={(e) => change('bank_code', e.target.value)}
          options={banks.data?.map((bank) => ({ value: bank.code, label: bank.name }))}
        />
        {banks.isError && (
          <Button variant="secondary" className="self-start" onClick={() => void banks.refetch()}>
            {common('errors.tryAgain')}
          </Button>
        )}
        <TextField
          label={t('payouts.dialog.accountNumber')}
          hint={t('payouts.dialog.accountNumberHint')}
          inputMode="numeric"
          autoComplete="off"
          name="account_number"
          value={account_number}
          error={numberError}
          onChange={(e) => change('account_number', e.target.value)}
        />
        {complete.success && resolve.isFetching && (
          <p role="status" className="flex items-center gap-2 text-stone-800">
            <Spinner className="text-green-700" />
            {t('payouts.dialog.checking')}
          </p>
        )}
        {resolved && (
          <>
            <div role="status" className="rounded-lg border-2 border-green-700 bg-green-50 px-3 py-3">
              <p className="font-semibold break-words text-stone-900">
                {t('payouts.dialog.accountName', { name: resolved.account_name })}
              </p>
              <p className="mt-1 text-stone-800">{t('payouts.dialog.checkName')}</p>
            </div>
            <TextField
              label={t('payouts.dialog.password')}
              type="password"
              autoComplete="current-password"
              {...form.field('password')}
            />
          </>
        )}
      </form>
    </Dialog>
  );
}
