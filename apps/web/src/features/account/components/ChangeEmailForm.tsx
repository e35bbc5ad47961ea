import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeEmailInputSchema } from '@gona/shared/account';
import { Button, FormAlert, TextField } from '@/components/ui';
import { useSchemaForm } from '@/lib/use-schema-form';
import { changeEmail } from '../api';

type Props = {
  currentEmail: string;
  /** What the confirmation link said when it brought the person back here (?email=changed, ?error=…). */
  outcome: 'changed' | 'expired' | 'invalid' | null;
};

/** A new address, used once confirmed from the link mailed to it; until then the old one stays. */
export function ChangeEmailForm({ currentEmail, outcome }: Props) {
  const { t } = useTranslation('account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm({ new_email: '' }, { failed: (message) => t('email.failed', { message }) });
  const onSubmit = form.submit(ChangeEmailInputSchema, async (input) => {
    await changeEmail(input);
    setSentTo(input.new_email);
    form.setField('new_email', '');
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="change-email-title"
      className="flex max-w-md flex-col gap-4"
    >
      <h2 id="change-email-title" className="text-lg font-semibold text-stone-900">
        {t('email.title')}
      </h2>
      <p className="text-stone-700 wrap-anywhere">{t('email.current', { email: currentEmail })}</p>
      {outcome && (
        <p
          role="status"
          className={
            outcome === 'changed'
              ? 'rounded-lg bg-green-50 px-3 py-2 font-medium text-green-900'
              : 'rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900'
          }
        >
          {t(`email.outcome.${outcome}`, { email: currentEmail })}
        </p>
      )}
      {sentTo && (
        <p
          role="status"
          className="rounded-lg bg-green-50 px-3 py-2 font-medium wrap-anywhere text-green-900"
        >
          {t('email.sent', { email: sentTo })}
        </p>
      )}
      <FormAlert>{form.alert}</FormAlert>
      <TextField
        label={t('email.newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        {...form.field('new_email')}
      />
      <Button type="submit" loading={form.pending}>
        {t('email.submit')}
      </Button>
    </form>
  );
}
