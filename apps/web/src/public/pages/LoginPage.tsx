import { i18n } from '@/i18n';
import { AUTH_ERROR_KEYS } from '@/features/auth/errors';
import { FormField, ToastRegion } from '../components/FormParts';
import { buttonClass } from '../components/Section';
import { currentLanguage, pageLanguage } from '../languages';
import { t } from '../t';

const auth = (key: string) => i18n.t(key, { ns: 'auth' });

/** The words the page's script may need, from the auth catalogue (the page loads no i18n library). */
function scriptWords(): Record<string, string> {
  const keys = [
    ...AUTH_ERROR_KEYS,
    'signIn.emailNotConfirmed',
    'signIn.invalid',
    'resend.sent',
    'resend.failed',
  ];
  return Object.fromEntries(keys.map((key) => [key, auth(key)]));
}

/**
 * /login, prerendered: the form works with the small public script (sign-in.ts), so the first
 * visit loads no application code. The script goes on to ?redirect= (or /dashboard) once signed in.
 */
export function LoginPage() {
  return (
    <div className="flex justify-center px-4 py-8 sm:py-12">
      <div className="w-full max-w-md">
        <div
          lang={pageLanguage(currentLanguage(i18n.language), 'auth')}
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h1 className="text-2xl font-bold text-stone-900">{auth('signIn.title')}</h1>
          <p className="mt-1 text-stone-700">{auth('signIn.subtitle')}</p>
          <noscript>
            <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
              {t('login.noscript')}
            </p>
          </noscript>
          <form
            data-sign-in-form
            data-words={JSON.stringify(scriptWords())}
            action="/api/auth/sign-in/email"
            method="post"
            className="mt-6 flex flex-col gap-4"
          >
            <FormField
              form="sign-in"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              label={auth('fields.email')}
            />
            <FormField
              form="sign-in"
              name="password"
              type="password"
              autoComplete="current-password"
              label={auth('fields.password')}
            />
            <div className="-mt-2 text-right">
              <a
                href="/forgot-password"
                className="inline-flex min-h-11 items-center font-medium text-green-800 underline-offset-2 hover:underline"
              >
                {auth('signIn.forgot')}
              </a>
            </div>
            {/* Enabled by the page's script once it handles the form (a plain post would show raw JSON). */}
            <button
              type="submit"
              disabled
              data-sending-label={auth('signIn.signingIn')}
              className={`${buttonClass('primary')} w-full disabled:opacity-70`}
            >
              {auth('signIn.submit')}
            </button>
          </form>
        </div>
        <p className="mt-4 text-center text-stone-800">
          {auth('signIn.noAccount')}{' '}
          <a data-sign-up-link href="/signup" className="font-semibold text-green-800 underline">
            {auth('signIn.signUpLink')}
          </a>
        </p>
      </div>
      {/* Named only while open (sign-in.ts), so that "email" in its question never labels the page. */}
      <dialog
        id="resend-prompt"
        role="alertdialog"
        data-labelled-by="resend-prompt-title"
        className="m-auto w-[min(24rem,calc(100%-2rem))] rounded-2xl bg-white p-5 shadow-xl backdrop:bg-stone-900/50"
      >
        <h2 id="resend-prompt-title" className="text-lg font-bold text-stone-900">
          {auth('signIn.resendPrompt')}
        </h2>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" data-answer="no" className={buttonClass('secondary')}>
            {i18n.t('no')}
          </button>
          <button
            type="button"
            data-answer="yes"
            data-sending-label={auth('resend.sending')}
            className={buttonClass('primary')}
          >
            {i18n.t('yes')}
          </button>
        </div>
      </dialog>
      <ToastRegion />
    </div>
  );
}
