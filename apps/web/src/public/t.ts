import { i18n } from '@/i18n';

/** Reads a string from the public catalogue (apps/web/src/i18n/en/public.json). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: 'public', ...options });
}

/** Spec section 1: policies and terms take effect on 26/05/2025. */
export const LEGAL_EFFECTIVE_DATE = '26/05/2025';
