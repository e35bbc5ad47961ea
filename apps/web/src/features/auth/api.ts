import { apiFetch } from '@/lib/http';

/** Where the confirmation mail and the reset mail send people (spec section 9). */
export const SIGNUP_REDIRECT = '/create-farm';
export const PASSWORD_RESET_REDIRECT = '/update-password';
/** A buyer's confirmation link opens the marketplace instead of creating a farm. */
const BUYER_SIGNUP_REDIRECT = '/dashboard/marketplace';

export type SignUpRequest = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  /** What they came for: to farm, or only to buy produce (the marketplace, no farm needed). */
  intent?: 'farm' | 'buy';
  /** The code of the farmer whose link brought them (/signup?ref=…); the server keeps who invited them. */
  ref?: string;
  /** The language the page is shown in: the account keeps it, and its first mail is in it. */
  language?: string;
};

export function signIn(input: { email: string; password: string }): Promise<unknown> {
  return apiFetch('/api/auth/sign-in/email', { method: 'POST', json: input });
}

export function signUp(input: SignUpRequest): Promise<unknown> {
  return apiFetch('/api/auth/sign-up/email', {
    method: 'POST',
    json: {
      ...input,
      name: `${input.first_name} ${input.last_name}`,
      callbackURL: input.intent === 'buy' ? BUYER_SIGNUP_REDIRECT : SIGNUP_REDIRECT,
    },
  });
}

export function resendConfirmation(
  email: string,
  intent: SignUpRequest['intent'] = 'farm',
): Promise<unknown> {
  return apiFetch('/api/auth/send-verification-email', {
    method: 'POST',
    json: { email, callbackURL: intent === 'buy' ? BUYER_SIGNUP_REDIRECT : SIGNUP_REDIRECT },
  });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiFetch('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: PASSWORD_RESET_REDIRECT },
  });
}

export function resetPassword(input: { newPassword: string; token: string }): Promise<unknown> {
  return apiFetch('/api/auth/reset-password', { method: 'POST', json: input });
}

export function changePassword(input: {
  current_password: string;
  password: string;
  confirm: string;
}): Promise<unknown> {
  return apiFetch('/api/auth/change-password', { method: 'POST', json: input });
}

export function signOut(): Promise<unknown> {
  return apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
}
