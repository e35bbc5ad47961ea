/**
 * /login is a prerendered page, so the app reaches it with a full page load and its toasts would
 * be lost on the way: a message for the log-in page waits here (this tab only) until it is shown.
 */
const KEY = 'gona.login_notice';

export type LoginNotice = { text: string; tone: 'success' | 'warning' | 'error' };

export function leaveLoginNotice(notice: LoginNotice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage refused (private mode, full): the page opens without the message.
  }
}

/** The waiting message, once: reading it removes it. */
export function takeLoginNotice(): LoginNotice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const notice = raw ? (JSON.parse(raw) as Partial<LoginNotice>) : null;
    if (!notice || typeof notice.text !== 'string') return null;
    const tone = notice.tone === 'success' || notice.tone === 'warning' ? notice.tone : 'error';
    return { text: notice.text, tone };
  } catch {
    return null;
  }
}
