import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Page } from '@gona/shared/page-size';
import type {
  AskResult,
  AssistantMessage,
  Conversation,
  ConversationDetail,
  FeedbackInput,
} from '@gona/shared/assistant';
import { apiFetch } from '@/lib/http';
import { filterPageItems, pagedQueryOptions } from '@/lib/paged-query';
import { assistantApiPath, assistantKeys, conversationPath } from './keys';

/** The person's conversations on this farm, newest first. */
export function useConversations(farmId: string, enabled = true) {
  return useInfiniteQuery({
    ...pagedQueryOptions<Conversation>({
      queryKey: assistantKeys.conversations(farmId),
      path: `${assistantApiPath(farmId)}/conversations`,
    }),
    enabled,
  });
}

export function useConversation(farmId: string, id: string | null) {
  return useQuery({
    queryKey: assistantKeys.conversation(farmId, id ?? ''),
    queryFn: () => apiFetch<ConversationDetail>(conversationPath(farmId, id!)),
    enabled: Boolean(id),
  });
}

/**
 * A question and its answer go into the conversation shown (a new one starts with them), and the
 * list of conversations is asked again (its order and titles changed).
 */
export function useKeepAnswer(farmId: string) {
  const queryClient = useQueryClient();
  return (result: AskResult) => {
    queryClient.setQueryData<ConversationDetail>(
      assistantKeys.conversation(farmId, result.conversation_id),
      (old) => ({
        id: result.conversation_id,
        title: old?.title ?? result.question.text,
        created_at: old?.created_at ?? result.question.created_at,
        updated_at: result.answer.created_at,
        messages: [...(old?.messages ?? []), result.question, result.answer],
      }),
    );
    void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(farmId) });
  };
}

export function useDeleteConversation(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(conversationPath(farmId, id), { method: 'DELETE' }),
    // Deleting needs the connection; it is not queued for later.
    networkMode: 'always',
    retry: false,
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: assistantKeys.conversation(farmId, id) });
      queryClient.setQueryData<InfiniteData<Page<Conversation>>>(
        assistantKeys.conversations(farmId),
        (data) => filterPageItems(data, (conversation) => conversation.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(farmId) });
    },
  });
}

/** Helpful or not, once per answer; the answer comes back with the feedback on it. */
export function useFeedback(farmId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, input }: { messageId: string; input: FeedbackInput }) =>
      apiFetch<AssistantMessage>(
        `${assistantApiPath(farmId)}/messages/${encodeURIComponent(messageId)}/feedback`,
        { method: 'POST', json: input },
      ),
    networkMode: 'always',
    retry: false,
    onSuccess: (message) => {
      queryClient.setQueryData<ConversationDetail>(
        assistantKeys.conversation(farmId, conversationId),
        (old) =>
          old && { ...old, messages: old.messages.map((each) => (each.id === message.id ? message : each)) },
      );
    },
  });
}
