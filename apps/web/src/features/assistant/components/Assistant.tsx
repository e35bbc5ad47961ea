import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { History, Plus } from 'lucide-react';
import { AskInputSchema, type AskInput } from '@gona/shared/assistant';
import { Button, FormAlert, PageHeader, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { useOnline } from '@/lib/offline';
import { askAssistant } from '../ask';
import { useConversation, useKeepAnswer } from '../api';
import { parseAbout, type About } from '../links';
import { Composer } from './Composer';
import { PastConversations } from './PastConversations';
import { Start } from './Start';
import { Thread, type Pending } from './Thread';

type Props = {
  farmId: string;
  /** Where the Free plan's limit sends the farmer to see the plans. */
  subscriptionPath: string;
  /** The chip's words for what the question is about (the record's name, looked up by the screen). */
  renderAbout: (about: About) => ReactNode;
};

/**
 * /dashboard/assistant: questions and Gona's answers, each with the facts it rests on and their
 * sources. The URL keeps the open conversation (?c=), what the question is about (?about=) and a
 * question written in for the farmer (?q=).
 */
export function Assistant({ farmId, subscriptionPath, renderAbout }: Props) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  const online = useOnline();
  const [search, setSearch] = useSearchParams();
  const about = parseAbout(search.get('about'));
  const [conversationId, setConversationId] = useState<string | null>(() => search.get('c'));
  const [draft, setDraft] = useState(() => search.get('q') ?? '');
  const [pending, setPending] = useState<Pending | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [questionsLeft, setQuestionsLeft] = useState<number | null>(null);
  const [pastOpen, setPastOpen] = useState(false);
  const questionBox = useRef<HTMLTextAreaElement>(null);
  const sending = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const conversation = useConversation(farmId, conversationId);
  const keepAnswer = useKeepAnswer(farmId);

  // Leaving the screen stops an answer still being written.
  useEffect(() => () => abort.current?.abort(), []);

  function changeSearch(change: (next: URLSearchParams) => void) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  }

  function openConversation(id: string | null) {
    setConversationId(id);
    setFailure(null);
    setFieldError(null);
    changeSearch((next) => {
      if (id) next.set('c', id);
      else next.delete('c');
      next.delete('q');
    });
  }

  async function send() {
    if (sending.current || !online) return;
    const input: AskInput = {
      question: draft,
      ...(conversationId ? { conversation_id: conversationId } : {}),
      ...(about ? { about } : {}),
    };
    const parsed = AskInputSchema.safeParse(input);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const question = parsed.data.question;
    sending.current = true;
    abort.current = new AbortController();
    setPending({ question, preview: '' });
    setDraft('');
    setFieldError(null);
    setFailure(null);
    try {
      const result = await askAssistant(farmId, parsed.data, {
        signal: abort.current.signal,
        onDelta: (text) => setPending((shown) => shown && { ...shown, preview: shown.preview + text }),
      });
      keepAnswer(result);
      setQuestionsLeft(result.questions_left);
      if (result.conversation_id !== conversationId) openConversation(result.conversation_id);
      else changeSearch((next) => next.delete('q'));
    } catch (error) {
      // The question stays in the box, to send again.
      setDraft((typed) => typed || question);
      const apiError = error instanceof ApiError ? error : new ApiError(500, 'INTERNAL', errorText(error));
      if (apiError.code === 'PLAN_LIMIT') setQuestionsLeft(0);
      if (apiError.fields.question) setFieldError(apiError.fields.question);
      else setFailure(apiError);
    } finally {
      sending.current = false;
      abort.current = null;
      setPending(null);
    }
  }

  const messages = conversationId ? (conversation.data?.messages ?? []) : [];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={
          <div className="flex flex-wrap gap-2">
            {(conversationId || pending) && (
              <Button variant="secondary" disabled={Boolean(pending)} onClick={() => openConversation(null)}>
                <Plus aria-hidden="true" className="size-4" />
                {t('newConversation')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setPastOpen(true)}>
              <History aria-hidden="true" className="size-4" />
              {t('past.open')}
            </Button>
          </div>
        }
      />

      {conversationId && conversation.isPending && !pending && <SkeletonRows rows={3} />}
      {conversationId && conversation.isError && (
        <FormAlert>{t('thread.failed', { message: errorText(conversation.error) })}</FormAlert>
      )}
      {!conversationId && !pending && (
        <Start
          onPick={(question) => {
            setDraft(question);
            questionBox.current?.focus();
          }}
        />
      )}
      <Thread farmId={farmId} conversationId={conversationId} messages={messages} pending={pending} />

      <Composer
        inputRef={questionBox}
        draft={draft}
        onDraft={setDraft}
        onSend={() => void send()}
        sending={Boolean(pending)}
        online={online}
        fieldError={fieldError}
        failure={failure && { text: errorText(failure), planLimit: failure.code === 'PLAN_LIMIT' }}
        subscriptionPath={subscriptionPath}
        questionsLeft={questionsLeft}
        about={about && renderAbout(about)}
        onRemoveAbout={() => changeSearch((next) => next.delete('about'))}
      />

      {pastOpen && (
        <PastConversations
          farmId={farmId}
          currentId={conversationId}
          onOpen={(id) => {
            setPastOpen(false);
            openConversation(id);
          }}
          onDeleted={(id) => {
            if (id === conversationId) openConversation(null);
          }}
          onClose={() => setPastOpen(false)}
        />
      )}
    </div>
  );
}
