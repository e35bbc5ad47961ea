import {
  mutationOptions,
  onlineManager,
  useMutation,
  useMutationState,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

export { useOnline } from './online';

type QueuedMutationHooks<TVariables, TResult> = {
  /** The server's answer, with the client that holds the cache it goes into. */
  onSent?: (queryClient: QueryClient, result: TResult, variables: TVariables) => void;
  /** After the answer or the failure: refresh what the change may have touched. */
  onSettled?: (queryClient: QueryClient, variables: TVariables) => void;
  /** After a failure only: what was shown may be out of date. */
  onFailed?: (queryClient: QueryClient, variables: TVariables) => void;
};

/**
 * A change that may wait for the connection. Its variables must hold everything needed to send
 * it, so a queued change restored after a reload runs with no screen around it: `register` gives
 * the app's QueryClient its function by key (before the saved cache is restored). Changes with
 * the same first key part go one after another, in the order they were made.
 */
export function defineQueuedMutation<TVariables, TResult>(
  mutationKey: readonly [string, ...string[]],
  send: (variables: TVariables) => Promise<TResult>,
  { onSent, onSettled, onFailed }: QueuedMutationHooks<TVariables, TResult> = {},
) {
  const options = (queryClient: QueryClient) =>
    mutationOptions<TResult, Error, TVariables>({
      mutationKey,
      mutationFn: send,
      scope: { id: mutationKey[0] },
      onSuccess: onSent && ((result, variables) => onSent(queryClient, result, variables)),
      onSettled: onSettled && ((_data, _error, variables) => onSettled(queryClient, variables)),
      onError: onFailed && ((_error, variables) => onFailed(queryClient, variables)),
    });
  return {
    mutationKey,
    register: (queryClient: QueryClient) =>
      queryClient.setMutationDefaults(mutationKey, options(queryClient)),
    useMutation: () => useMutation(options(useQueryClient())),
  };
}

/** What `submitOrQueue` answers for a change left waiting for the connection. */
export const QUEUED = 'queued';

/**
 * Online, sends the change and answers the server's reply. Offline, React Query keeps it on the
 * phone (across reloads) and sends it when the connection is back; the screen shows it at once.
 */
export function submitOrQueue<TVariables, TResult>(
  mutation: {
    mutate: (variables: TVariables) => void;
    mutateAsync: (variables: TVariables) => Promise<TResult>;
  },
  variables: TVariables,
): Promise<TResult | typeof QUEUED> {
  if (onlineManager.isOnline()) return mutation.mutateAsync(variables);
  mutation.mutate(variables);
  return Promise.resolve(QUEUED);
}

/**
 * The offline overlay: the variables of this farm's queued (or sending) changes of one kind,
 * oldest first, for a screen to show what the farmer made before the server has it.
 */
export function useQueued<TVariables extends { farmId: string }>(
  mutationKey: readonly string[],
  farmId: string,
): TVariables[] {
  return useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as TVariables,
  }).filter((variables) => variables.farmId === farmId);
}

/** A record as the farmer last left it: `waiting` while a change made on this phone is not sent yet. */
export type Shown<T> = T & { waiting: boolean };

/** The fields a queued edit sets, to lay over the record (an edit leaves out what it does not change). */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
