import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';

type Props<T> = {
  /** What is asked about; the question is open while it is set. */
  subject: T | null;
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Sends the step and answers what the toast says it did. */
  send: (subject: T) => Promise<string>;
  /** The toast when it fails, given what went wrong in words (those words alone by default). */
  failed?: (message: string) => string;
  onClose: () => void;
};

/**
 * A back-office question whose yes is sent once however often it is tapped (the server would
 * refuse a second one, but it should not be asked); a toast says how it went, then it closes.
 */
export function ConfirmOnceDialog<T>({
  subject,
  send,
  failed = (message) => message,
  onClose,
  ...question
}: Props<T>) {
  const errorText = useErrorText();
  const sending = useRef(false);
  const [pending, setPending] = useState(false);

  async function confirm(chosen: T) {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    try {
      toast.success(await send(chosen));
    } catch (failure) {
      toast.error(failed(errorText(failure)));
    } finally {
      sending.current = false;
      setPending(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      {...question}
      open={subject !== null}
      pending={pending}
      onCancel={onClose}
      onConfirm={() => {
        if (subject !== null) void confirm(subject);
      }}
    />
  );
}
