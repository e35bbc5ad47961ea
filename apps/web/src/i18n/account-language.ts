import type { Me } from '@gona/shared/auth';
import { isLanguage, type Language } from '@gona/shared/languages';
import { apiFetch } from '@/lib/http';
import { accountKnows, reconcile, showLanguage } from './language';

/** Keeps `language` on the account (every device and every message follows it). */
export function saveAccountLanguage(language: Language): Promise<Me> {
  return apiFetch<Me>('/api/account/language', { method: 'PATCH', json: { language } });
}

/**
 * After sign-in: shows the account's language, or sends the account a choice made on this phone
 * before it heard of it (a picker used on a public page, or before signing up). Offline, the phone's
 * choice waits for the next sign-in.
 */
export async function followAccountLanguage(
  account: Language,
  save: (language: Language) => Promise<unknown> = saveAccountLanguage,
): Promise<void> {
  if (!isLanguage(account)) return;
  const { show, send } = reconcile(account);
  await showLanguage(show);
  if (!send) return;
  try {
    await save(send);
    accountKnows(send);
  } catch {
    // Kept as pending on the phone; the next sign-in tries again.
  }
}

/** The account now holds `language` (Settings › Profile saved it): shown here, kept on the phone. */
export async function showSavedLanguage(language: Language): Promise<void> {
  accountKnows(language);
  await showLanguage(language);
}
