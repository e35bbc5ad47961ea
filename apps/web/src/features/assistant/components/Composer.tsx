import { useId, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SendHorizontal, X } from 'lucide-react';
import { ASSISTANT_QUESTION_MAX } from '@gona/shared/assistant';
import { Button } from '@/components/ui';

type Props = {
  inputRef?: Ref<HTMLTextAreaElement>;
  draft: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  sending: boolean;
  online: boolean;
  fieldError: string | null;
  /** What went wrong with the last question; the Free plan's limit links to the plans. */
  failure: { text: string; planLimit: boolean } | null;
  subscriptionPath: string;
  questionsLeft: number | null;
  /** The chip's words when the question is about a record. */
  about: ReactNode;
  onRemoveAbout: () => void;
};

/**
 * Where the question is written: stuck to the bottom of a phone's screen with a full-width Send
 * button; Enter sends on a computer (Shift+Enter starts a new line), a new line on a phone.
 */
export function Composer({
  inputRef,
  draft,
  onDraft,
  onSend,
  sending,
  online,
  fieldError,
  failure,
  subscriptionPath,
  questionsLeft,
  about,
  onRemoveAbout,
}: Props) {
  const { t } = useTranslation('assistant');
  const id = useId();

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || touchScreen()) return;
    event.preventDefault();
    onSend();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-stone-200 bg-white px-4 py-3 md:static md:mx-0 md:rounded-xl md:border"
    >
      {about && (
        <div className="flex items-center gap-1">
          <p className="min-w-0 rounded-full bg-green-100 px-3 py-1 text-sm font-medium wrap-anywhere text-green-900">
            {about}
          </p>
          <button
            type="button"
            onClick={onRemoveAbout}
            aria-label={t('composer.removeAbout')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {!online && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {t('composer.offline')}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure.text}{' '}
          {failure.planLimit && (
            <Link to={subscriptionPath} className="font-semibold text-green-800 underline">
              {t('composer.planLink')}
            </Link>
          )}
        </p>
      )}
      <label htmlFor={id} className="sr-only">
        {t('composer.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <textarea
          ref={inputRef}
          id={id}
          rows={2}
          value={draft}
          maxLength={ASSISTANT_QUESTION_MAX}
          placeholder={t('composer.placeholder')}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className="min-h-12 w-full min-w-0 flex-1 resize-y rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-green-700"
        />
        <Button type="submit" loading={sending} disabled={!online} className="w-full sm:w-auto">
          {!sending && <SendHorizontal aria-hidden="true" className="size-4" />}
          {sending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
      {fieldError && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {fieldError}
        </p>
      )}
      {questionsLeft !== null && (
        <p className="text-sm text-stone-700">{t('composer.left', { count: questionsLeft })}</p>
      )}
    </form>
  );
}

/** Phones and tablets: Enter writes a new line there (the keyboard has no Shift+Enter habit). */
function touchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}
