/**
 * The log-in page's behaviour (spec section 8): field messages from the shared rules, the exact
 * words for wrong credentials, the unconfirmed-email warning followed after 1 second by the offer
 * to resend, and on success a full load of where the person was heading.
 */
import { resendConfirmation, signIn } from '@/features/auth/api';
import { authErrorText } from '@/features/auth/errors';
import { safeReturnPath } from '@/lib/format';
import { ApiError, apiFetch } from '@/lib/http';
import { takeLoginNotice } from '@/lib/login-notice';
import { readAuthEntry } from '@/lib/storage';
import { busy, showFieldErrors, toast } from './form-enhance';
import { SignInCheck } from './sign-in-check';

/** The spec's pause between the "not confirmed" toast and the resend question. */
export const RESEND_PROMPT_DELAY_MS = 1000;

type Options = {
  /** Leaves for the next page (the real location outside tests). */
  go?: (url: string) => void;
};

export function enhanceSignIn({ go = (url) => location.replace(url) }: Options = {}): void {
  const form = document.querySelector<HTMLFormElement>('form[data-sign-in-form]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const prompt = document.getElementById('resend-prompt');
  if (!form || !button || !(prompt instanceof HTMLDialogElement)) return;
  const words = JSON.parse(form.dataset.words ?? '{}') as Record<string, string>;
  const word = (key: string) => words[key] ?? words.failed ?? '';
  const params = new URLSearchParams(location.search);
  const destination = safeReturnPath(params.get('redirect')) ?? '/dashboard';
  const goOn = () => go(destination);
  form.noValidate = true;

  const signUp = document.querySelector<HTMLAnchorElement>('a[data-sign-up-link]');
  if (signUp && params.has('redirect')) signUp.href = `/signup?${params.toString()}`;

  const notice = takeLoginNotice();
  if (notice) toast(notice.text, notice.tone);

  // Someone already signed in on this phone goes straight on, as the app's guest-only guard did.
  if (readAuthEntry()) {
    void apiFetch<{ user?: unknown } | null>('/api/auth/get-session', { expireOn401: false })
      .then((session) => {
        if (session?.user) goOn();
      })
      .catch(() => undefined);
  }

  let resendTo = '';
  let promptTimer: number | undefined;
  const onFailure = (error: unknown, email: string) => {
    if (!(error instanceof ApiError)) {
      toast(word('failed'), 'error');
    } else if (error.code === 'EMAIL_NOT_VERIFIED') {
      toast(word('signIn.emailNotConfirmed'), 'warning');
      window.clearTimeout(promptTimer);
      promptTimer = window.setTimeout(() => {
        resendTo = email;
        prompt.setAttribute('aria-labelledby', prompt.dataset.labelledBy ?? '');
        prompt.showModal();
      }, RESEND_PROMPT_DELAY_MS);
    } else if (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401) {
      toast(word('signIn.invalid'), 'error');
    } else if (error.code === 'VALIDATION' && Object.keys(error.fields).length > 0) {
      showFieldErrors(form, error.fields);
    } else {
      toast(authErrorText(error, word), 'error');
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const checked = SignInCheck.safeParse({ email: values.email ?? '', password: values.password ?? '' });
    if (!checked.success) {
      showFieldErrors(
        form,
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    showFieldErrors(form, {});
    const done = busy(button);
    signIn(checked.data).then(
      () => goOn(),
      (error: unknown) => {
        done();
        onFailure(error, checked.data.email);
      },
    );
  });

  button.disabled = false;
  prompt.addEventListener('close', () => prompt.removeAttribute('aria-labelledby'));
  prompt.addEventListener('click', (event) => {
    const answer = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-answer]');
    if (!answer) return;
    if (answer.dataset.answer !== 'yes') {
      prompt.close();
      return;
    }
    const done = busy(answer);
    resendConfirmation(resendTo)
      .then(
        () => toast(word('resend.sent')),
        () => toast(word('resend.failed'), 'error'),
      )
      .finally(() => {
        done();
        prompt.close();
      });
  });
}
