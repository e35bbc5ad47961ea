import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './Field';
import { FormAlert } from './FormAlert';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** What must be typed (a farm's name, an email address); spaces around it do not count. */
  expected: string;
  ignoreCase?: boolean;
  /** The field's label, saying what to type. */
  label: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Runs with what was typed once it matches. */
  onConfirm: (typed: string) => void;
  pending: boolean;
  /** What went wrong, at the top of the dialog. */
  problem?: ReactNode;
  /** What the server said about the typed value, next to the field. */
  fieldError?: string | undefined;
  type?: 'text' | 'email';
};

/**
 * A question for what cannot be undone (deleting a farm, an account): the person types the thing's
 * name to confirm, and the danger button stays off until it matches.
 */
export function TypeToConfirm({
  open,
  onClose,
  title,
  description,
  expected,
  ignoreCase = false,
  label,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending,
  problem,
  fieldError,
  type = 'text',
}: Props) {
  const [typed, setTyped] = useState('');
  // Whatever closed it (Cancel, or the parent after a success), it opens empty next time.
  const [shown, setShown] = useState(open);
  if (shown !== open) {
    setShown(open);
    if (!open) setTyped('');
  }
  const same = (a: string, b: string) => (ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b);
  const matches = same(typed.trim(), expected);
  const confirm = () => {
    if (matches) onConfirm(typed.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={confirm} loading={pending} disabled={!matches}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
        className="flex flex-col gap-3"
      >
        <FormAlert>{problem}</FormAlert>
        <TextField
          label={label}
          type={type}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          error={fieldError}
          onChange={(e) => setTyped(e.target.value)}
          data-autofocus
        />
      </form>
    </Dialog>
  );
}
