import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { ASSISTANT_FEEDBACK_MAX, type AssistantMessage, type FeedbackInput } from '@gona/shared/assistant';
import { Button, TextareaField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useFeedback } from '../api';

type Props = { farmId: string; conversationId: string; message: AssistantMessage };

// A secondary button, narrower on phones: both answers fit side by side on a 320 px screen.
const CHOICE =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border border-stone-300 bg-white px-2 font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 disabled:cursor-not-allowed disabled:text-stone-500 sm:flex-none sm:px-4';

/** Helpful or not (with a reason if the farmer wants), sent once; afterwards, what they said. */
export function Feedback({ farmId, conversationId, message }: Props) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  const feedback = useFeedback(farmId, conversationId);
  const [explaining, setExplaining] = useState(false);
  const [reason, setReason] = useState('');
  const sent = useRef(false);
  const questionId = useId();

  if (message.feedback)
    return (
      <p className="text-sm text-stone-700">
        {message.feedback.helpful ? t('feedback.givenHelpful') : t('feedback.givenNotHelpful')}
      </p>
    );

  function send(input: FeedbackInput) {
    if (sent.current) return;
    sent.current = true;
    feedback.mutate(
      { messageId: message.id, input },
      {
        onError: (error) => {
          sent.current = false;
          toast.error(t('feedback.failed', { message: errorText(error) }));
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-2 border-t border-stone-100 pt-3">
      <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-2">
        <span id={questionId} className="w-full text-sm text-stone-700 sm:w-auto">
          {t('feedback.question')}
        </span>
        <button
          type="button"
          disabled={feedback.isPending}
          onClick={() => send({ helpful: true })}
          className={CHOICE}
        >
          <ThumbsUp aria-hidden="true" className="size-4 shrink-0" />
          {t('feedback.helpful')}
        </button>
        <button
          type="button"
          disabled={feedback.isPending}
          aria-expanded={explaining}
          onClick={() => setExplaining(true)}
          className={CHOICE}
        >
          <ThumbsDown aria-hidden="true" className="size-4 shrink-0" />
          {t('feedback.notHelpful')}
        </button>
      </div>
      {explaining && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const text = reason.trim();
            send({ helpful: false, ...(text ? { reason: text } : {}) });
          }}
        >
          <TextareaField
            label={t('feedback.reason')}
            value={reason}
            maxLength={ASSISTANT_FEEDBACK_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button type="submit" loading={feedback.isPending} className="self-start">
            {t('feedback.send')}
          </Button>
        </form>
      )}
    </div>
  );
}
