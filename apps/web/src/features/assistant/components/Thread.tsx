import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, ShieldAlert } from 'lucide-react';
import type { AssistantMessage, FactCard } from '@gona/shared/assistant';
import { Spinner } from '@/components/ui/Spinner';
import { Feedback } from './Feedback';

/** A question on its way, and the answer as the model writes it (replaced by the checked answer). */
export type Pending = { question: string; preview: string };

type Props = {
  farmId: string;
  conversationId: string | null;
  messages: readonly AssistantMessage[];
  pending: Pending | null;
};

/** The conversation: the farmer's questions on the right, Gona's answers on the left. */
export function Thread({ farmId, conversationId, messages, pending }: Props) {
  const { t } = useTranslation('assistant');
  const last = useRef<HTMLLIElement>(null);
  const count = messages.length + (pending ? 2 : 0);
  // A new question or answer scrolls into view, from its start.
  useEffect(() => {
    if (count > 0) last.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [count]);

  if (count === 0) return null;
  return (
    <ol aria-label={t('thread.label')} className="flex flex-col gap-3">
      {messages.map((message, index) => (
        <li
          key={message.id}
          ref={!pending && index === messages.length - 1 ? last : undefined}
          className={message.role === 'user' ? 'flex justify-end' : 'flex justify-start'}
        >
          {message.role === 'user' ? (
            <Question text={message.text} />
          ) : (
            <Answer farmId={farmId} conversationId={conversationId} message={message} />
          )}
        </li>
      ))}
      {pending && (
        <>
          <li className="flex justify-end">
            <Question text={pending.question} />
          </li>
          <li ref={last} className="flex justify-start">
            <article
              aria-busy="true"
              className="w-full rounded-2xl rounded-bl-sm border border-stone-200 bg-white p-3 sm:max-w-[85%] sm:p-4"
            >
              {pending.preview && (
                <p className="whitespace-pre-wrap wrap-anywhere text-stone-900">{pending.preview}</p>
              )}
              <p role="status" className="mt-2 flex items-center gap-2 text-sm text-stone-700">
                <Spinner className="size-4" />
                {pending.preview ? t('thread.writing') : t('thread.looking')}
              </p>
            </article>
          </li>
        </>
      )}
    </ol>
  );
}

function Question({ text }: { text: string }) {
  const { t } = useTranslation('assistant');
  return (
    <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-green-700 px-4 py-2 whitespace-pre-wrap wrap-anywhere text-white">
      <span className="sr-only">{t('thread.you')} </span>
      {text}
    </p>
  );
}

function Answer({
  farmId,
  conversationId,
  message,
}: {
  farmId: string;
  conversationId: string | null;
  message: AssistantMessage;
}) {
  const { t } = useTranslation('assistant');
  return (
    <article className="flex w-full flex-col gap-3 rounded-2xl rounded-bl-sm border border-stone-200 bg-white p-3 sm:max-w-[85%] sm:p-4">
      <span className="sr-only">{t('thread.gona')}</span>
      {message.refusal && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 font-semibold text-amber-950">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t(`answer.refusal.${message.refusal}`)}
        </p>
      )}
      <p className="whitespace-pre-wrap wrap-anywhere text-stone-900">{message.text}</p>
      {message.removed_numbers > 0 && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('answer.notSure')}
        </p>
      )}
      {message.cards.length > 0 && <FactCards cards={message.cards} />}
      {conversationId && <Feedback farmId={farmId} conversationId={conversationId} message={message} />}
    </article>
  );
}

/**
 * The facts an answer rests on, numbered as it cites them: open on a wide screen, folded to their
 * titles on a phone.
 */
function FactCards({ cards }: { cards: readonly FactCard[] }) {
  const { t } = useTranslation('assistant');
  const open = wideScreen();
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-stone-800">{t('answer.sources')}</h3>
      <ul className="flex flex-col gap-2">
        {cards.map((card, index) => (
          <li key={card.key}>
            <details open={open} className="rounded-lg border border-stone-200 bg-stone-50 px-3">
              <summary className="flex min-h-11 cursor-pointer items-center gap-2 py-2 font-medium text-stone-900">
                {/* An answer cites its facts as [1], [2]: in the order they are listed here. */}
                <span className="shrink-0 text-sm text-stone-700 tabular-nums">[{index + 1}]</span>
                <span className="min-w-0 wrap-anywhere">{card.title}</span>
              </summary>
              <p className="whitespace-pre-wrap wrap-anywhere text-stone-800">{card.text}</p>
              <p className="mt-1 mb-3 text-sm wrap-anywhere text-stone-700">
                <SourceLine card={card} />
              </p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SourceLine({ card }: { card: FactCard }) {
  const { t } = useTranslation('assistant');
  const { source } = card;
  if (!source) return t('answer.farmRecord');
  const words = t('answer.source', {
    source: `${source.title} — ${source.organisation}${source.year ? `, ${source.year}` : ''}`,
  });
  // Only web addresses become links (never a script or another scheme).
  if (source.url && /^https?:\/\//i.test(source.url))
    return (
      <a href={source.url} target="_blank" rel="noreferrer" className="text-green-800 underline">
        {words}
      </a>
    );
  return words;
}

function wideScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 640px)').matches;
}
