import { useId, useRef } from 'react';
import { Button, Dialog, FormAlert, TextareaField } from '@/components/ui';
import { toast } from '@/lib/toast';
import { useSchemaForm, type FormCheck } from '@/lib/use-schema-form';

type ReasonInput = { reason: string };

type Props = {
  title: string;
  /** The reason field's label and hint. */
  label: string;
  hint: string;
  /** What happens when it is sent, in a sentence or two. */
  intro: string;
  submitLabel: string;
  /** The shared schema the server checks the reason with. */
  schema: FormCheck<ReasonInput>;
  /**
   * Sends the reason and answers what the toast then says, and the dialog closes; a refusal is
   * shown in the dialog (a field message beside the reason).
   */
  onSend: (input: ReasonInput) => Promise<string>;
  onClose: () => void;
};

/**
 * A moderation step that needs Gona's reason (hiding a listing, stopping a person selling): the
 * reason is what the farm or the person reads, so it is asked for in full (10 to 500 characters)
 * and checked beside the field. Sent once however often it is tapped.
 */
export function ReasonDialog({ title, label, hint, intro, submitLabel, schema, onSend, onClose }: Props) {
  const formId = useId();
  const sending = useRef(false);
  const form = useSchemaForm({ reason: '' }, { failed: (message) => message });

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const input = form.parse(schema, form.values);
    if (!input) return null;
    sending.current = true;
    return async () => {
      try {
        toast.success(await onSend(input));
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={title}
      footer={
        <Button type="submit" form={formId} variant="danger" fullWidth loading={form.pending}>
          {submitLabel}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="break-words text-stone-800">{intro}</p>
        <TextareaField label={label} hint={hint} rows={4} {...form.field('reason')} />
      </form>
    </Dialog>
  );
}
