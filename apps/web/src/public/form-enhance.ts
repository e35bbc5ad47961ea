/** What the prerendered forms' scripts share: messages beside fields, toasts, the busy button. */

const TOAST_DURATION_MS = 4000;

export type ToastTone = 'success' | 'warning' | 'error';

const TOAST_CLASS: Record<ToastTone, string> = {
  success: 'border-green-300 text-green-900',
  warning: 'border-amber-300 text-amber-900',
  error: 'border-red-300 text-red-900',
};

/** A toast at the top right, like the app's (4000 ms). */
export function toast(message: string, tone: ToastTone = 'success'): void {
  const region = document.querySelector<HTMLElement>('[data-toast-region]');
  if (!region || !message) return;
  const item = document.createElement('div');
  item.setAttribute('role', tone === 'success' ? 'status' : 'alert');
  item.className = `pointer-events-auto mb-3 rounded-lg border bg-white p-4 font-medium shadow-lg ${TOAST_CLASS[tone]}`;
  item.textContent = message;
  region.append(item);
  setTimeout(() => item.remove(), TOAST_DURATION_MS);
}

/** Puts each message beside its field (empty clears), marks the fields, and focuses the first. */
export function showFieldErrors(form: HTMLFormElement, fields: Record<string, string>): void {
  let first: HTMLElement | null = null;
  for (const error of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    const name = error.dataset.errorFor ?? '';
    const message = fields[name];
    const input = form.elements.namedItem(name);
    error.textContent = message ?? '';
    error.hidden = !message;
    if (input instanceof HTMLElement) {
      input.setAttribute('aria-invalid', String(Boolean(message)));
      if (message && !first) first = input;
    }
  }
  first?.focus();
}

/** Disables the button and shows its busy label (`data-sending-label`); returns the undo. */
export function busy(button: HTMLButtonElement): () => void {
  const label = button.textContent;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = button.dataset.sendingLabel ?? label;
  return () => {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.textContent = label;
  };
}
