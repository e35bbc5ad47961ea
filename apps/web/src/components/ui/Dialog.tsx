import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';
import { Button } from './Button';
import { useBackToClose } from './useBackToClose';
import { useFocusTrap } from './useFocusTrap';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children?: ReactNode;
  /** Buttons at the bottom; on phones they stick to the bottom of the sheet. */
  footer?: ReactNode;
  /** 'alert' for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** The form inside holds changes not saved yet: closing it (Back, Escape, ×, a tap outside) asks first. */
  dirty?: boolean;
};

/**
 * A modal dialog: centred card on wider screens, a full-screen sheet on phones (forms).
 * An alertdialog (a short question) stays a centred card everywhere.
 * Focus is trapped inside, Escape and the backdrop close it, and so does Back for a sheet;
 * with unsaved changes they ask first.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  role = 'dialog',
  dirty = false,
}: DialogProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [asking, setAsking] = useState(false);
  /** Closes, or asks first when there are unsaved changes; true when it closed. */
  const requestClose = useCallback(() => {
    if (dirty) {
      setAsking(true);
      return false;
    }
    onClose();
    return true;
  }, [dirty, onClose]);
  const close = useCallback(() => void requestClose(), [requestClose]);
  useFocusTrap(panel, open, close);
  // A sheet (a form) closes with the phone's Back button; a short question is answered instead.
  useBackToClose(open && role === 'dialog', requestClose);
  if (!open) return null;
  const sheet = role === 'dialog';
  const hasBody = Boolean(description || children);

  return createPortal(
    <div
      className={cx(
        'fixed inset-0 z-50 flex justify-center sm:items-center sm:p-4',
        sheet ? 'items-stretch' : 'items-center p-4',
      )}
    >
      <div aria-hidden="true" className="absolute inset-0 bg-stone-900/50" onClick={close} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative flex w-full flex-col bg-white shadow-xl sm:max-h-[90vh] sm:max-w-lg sm:rounded-xl',
          sheet ? 'h-full sm:h-auto' : 'max-w-md rounded-xl',
        )}
      >
        <div
          className={cx(
            'flex items-start justify-between gap-4 px-4 py-3',
            hasBody && 'border-b border-stone-200',
          )}
        >
          <h2 id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t('close')}
            className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {hasBody && (
          <div className="flex-1 overflow-y-auto px-4 py-4">
            {description && (
              <p id={descriptionId} className={cx('text-stone-800', children ? 'mb-4' : undefined)}>
                {description}
              </p>
            )}
            {children}
          </div>
        )}
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-4 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        )}
      </div>
      {asking && (
        <Dialog
          open
          role="alertdialog"
          onClose={() => setAsking(false)}
          title={t('discard.title')}
          description={t('discard.message')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
                {t('discard.keep')}
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setAsking(false);
                  onClose();
                }}
              >
                {t('discard.confirm')}
              </Button>
            </>
          }
        />
      )}
    </div>,
    document.body,
  );
}
