import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { MailCheck } from 'lucide-react';
import { SignUpInputSchema } from '@gona/shared/auth';
import { Button, TextField } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { authErrorText } from '../errors';
import { useSchemaForm } from '@/lib/use-schema-form';
import { resendConfirmation, signUp, type SignUpRequest } from '../api';

const EMPTY: Required<Omit<SignUpRequest, 'ref' | 'language'>> = {
  intent: 'farm',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
};
const INTENTS = ['farm', 'buy'] as const;

/**
 * `email` fills the address in, e.g. from an invitation to a farm, which is for that address; `refCode`
 * is the inviting farmer's code from /signup?ref=…, sent with the sign-up.
 */
export function SignUpForm({ email = '', refCode }: { email?: string; refCode?: string }) {
  const { t, i18n } = useTranslation('auth');
  const { field, values, setField, setErrors, pending, submit } = useSchemaForm({ ...EMPTY, email });
  const [sentTo, setSentTo] = useState<{ email: string; intent: SignUpRequest['intent'] } | null>(null);

  const onSubmit = submit(SignUpInputSchema, async (input) => {
    try {
      await signUp({ ...input, language: i18n.language, ...(refCode ? { ref: refCode } : {}) });
      setSentTo({ email: input.email, intent: input.intent });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || /exist/i.test(error.code))) {
        setErrors({ email: t('signUp.emailTaken') });
      } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        toast.error(authErrorText(error, t));
      }
    }
  });

  if (sentTo) return <CheckYourEmail email={sentTo.email} intent={sentTo.intent} />;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('signUp.intent')}</legend>
        {INTENTS.map((intent) => (
          <label key={intent} className="flex min-h-11 items-center gap-3 text-base">
            <input
              type="radio"
              name="intent"
              value={intent}
              checked={values.intent === intent}
              onChange={() => setField('intent', intent)}
              className="size-5 accent-green-700"
            />
            {t(`signUp.intents.${intent}`)}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" {...field('last_name')} />
      </div>
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t('hints.phone')}
        {...field('phone')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('hints.password')}
        {...field('password')}
      />
      <Button type="submit" loading={pending} fullWidth>
        {t('signUp.submit')}
      </Button>
    </form>
  );
}

/** After sign-up: the account waits for the emailed confirmation link. */
function CheckYourEmail({ email, intent }: { email: string; intent: SignUpRequest['intent'] }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);

  async function onResend() {
    setPending(true);
    try {
      await resendConfirmation(email, intent);
      toast.success(t('resend.sent'));
    } catch {
      toast.error(t('resend.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="check-email-title" className="flex flex-col items-center gap-3 text-center">
      <MailCheck aria-hidden="true" className="size-12 text-green-700" />
      <h2 id="check-email-title" className="text-xl font-semibold text-stone-900">
        {t('signUp.checkEmailTitle')}
      </h2>
      <p role="status" className="text-stone-800">
        {t('signUp.checkEmail')}
      </p>
      <p className="text-stone-700">{t('signUp.sentTo', { email })}</p>
      <Button variant="secondary" loading={pending} onClick={() => void onResend()}>
        {t('resend.button')}
      </Button>
    </section>
  );
}
