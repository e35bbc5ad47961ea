import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@gona/shared/auth';
import type { AccountSession, ChangeEmailInput, UpdateProfile } from '@gona/shared/account';
import { apiFetch } from '@/lib/http';
import { accountKeys } from './keys';

/** The signed-in person's full record (phone and language too), for Settings › Profile. */
export function useMe() {
  return useQuery({ queryKey: accountKeys.me, queryFn: () => apiFetch<Me>('/api/me') });
}

export function saveProfile(input: UpdateProfile): Promise<Me> {
  return apiFetch<Me>('/api/account/profile', { method: 'PUT', json: input });
}

/** Mails a confirmation link to the new address; the account changes once it is opened. */
export function changeEmail(input: ChangeEmailInput): Promise<unknown> {
  return apiFetch('/api/auth/change-email', { method: 'POST', json: input });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: () => apiFetch<{ items: AccountSession[] }>('/api/account/sessions'),
    meta: { persist: false },
  });
}

/** Signs one device out (`id`), or every device but this one (`others`). */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? apiFetch('/api/auth/revoke-other-sessions', { method: 'POST', json: {} })
        : apiFetch(`/api/account/sessions/${encodeURIComponent(which.id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** The address that downloads everything about the person as a JSON file. */
export const EXPORT_URL = '/api/account/export';

export function deleteAccount(email: string): Promise<void> {
  return apiFetch<void>('/api/account/delete', { method: 'POST', json: { email } });
}
