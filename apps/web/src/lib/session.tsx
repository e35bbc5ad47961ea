import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { Me } from '@gona/shared/auth';
import { ApiError, apiFetch, onSessionExpired } from './http';
import { clearWaitingPhotos } from './photo-store';
import { clearSessionStorage, readAuthEntry, writeAuthEntry } from './storage';
import { FIRST_LOAD, FIRST_LOAD_URLS, firstOr, forgetFirstLoad } from './first-load';
import { leaveLoginNotice } from './login-notice';
import { followAccountLanguage } from '@/i18n/account-language';

/** Phone and intent come from the server; a session read offline from storage has neither. */
export type SessionUser = Pick<Me, 'id' | 'email' | 'first_name' | 'last_name'> &
  Partial<Pick<Me, 'phone' | 'intent' | 'platform_role'>>;

export type SessionResult = {
  user: SessionUser | null;
  /** The session check failed even after a refresh: the user must sign in again. */
  expired: boolean;
  /** The server could not be reached; the user comes from the stored auth entry. */
  offline: boolean;
};

export type SessionValue = {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
  offline: boolean;
  /** Checks the session again (after sign-in, for instance) and resolves when it is known. */
  refresh: () => Promise<void>;
  /** Forgets the session locally: storage, cached queries, queued changes and the session state. */
  clear: () => void;
};

export const SESSION_QUERY_KEY = ['session'] as const;

/** Silent renewal: asking for the session while the app is in use lets the server extend it. */
const RENEW_INTERVAL_MS = 5 * 60 * 1000;

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: loadSession,
    refetchInterval: RENEW_INTERVAL_MS,
    refetchOnWindowFocus: true,
    staleTime: 60_000,
    retry: false,
    // Offline, React Query would pause this query and the app would wait on "Loading..." for ever;
    // it must run, fail to reach the server, and open from the stored auth entry instead.
    networkMode: 'always',
    meta: { persist: false },
  });

  const clear = useCallback(() => {
    clearSessionStorage();
    forgetFirstLoad();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    // Changes still waiting to be sent belong to the person leaving, and so do their photos: the
    // next one on this phone must neither send nor see them.
    queryClient.getMutationCache().clear();
    void clearWaitingPhotos().catch(() => undefined);
    queryClient.setQueryData<SessionResult>(SESSION_QUERY_KEY, {
      user: null,
      expired: false,
      offline: false,
    });
  }, [queryClient]);

  const currentPath = location.pathname + location.search;
  const expire = useCallback(() => {
    clear();
    toast.error(t('session.expired'), { id: 'session-expired' });
    // /login is a page of its own: the message goes with the person to it.
    leaveLoginNotice({ text: t('session.expired'), tone: 'error' });
    const onPublicAuthScreen = /^\/(login|signup|logout)/.test(currentPath);
    void navigate(onPublicAuthScreen ? '/login' : `/login?redirect=${encodeURIComponent(currentPath)}`, {
      replace: true,
    });
  }, [clear, t, navigate, currentPath]);

  // The session-expired flow starts either from the API (any 401) or from a failed refresh.
  useEffect(() => onSessionExpired(expire), [expire]);
  const refreshFailed = query.data?.expired === true;
  useEffect(() => {
    if (refreshFailed) expire();
  }, [refreshFailed, expire]);

  const refresh = useCallback(async () => {
    await queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: loadSession, staleTime: 0 });
  }, [queryClient]);

  const value = useMemo<SessionValue>(() => {
    const user = query.data?.user ?? null;
    return {
      status: query.isPending ? 'loading' : user ? 'signed-in' : 'signed-out',
      user,
      offline: query.data?.offline ?? false,
      refresh,
      clear,
    };
  }, [query.isPending, query.data, refresh, clear]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}

/**
 * Asks the auth server for the session (a 403 or "Forbidden" answer gets one refresh attempt),
 * then our API for the user record. Never throws: the answer is a SessionResult.
 */
export async function loadSession(): Promise<SessionResult> {
  try {
    const session = await getSessionWithRefresh();
    if (session === 'refresh-failed') {
      clearSessionStorage();
      return { user: null, expired: true, offline: false };
    }
    if (!session) return authCheckFailed();
    // The first check reads the answers asked for at load (app/first-load-start.ts).
    const me = await firstOr(FIRST_LOAD.me, () => apiFetch<Me>(FIRST_LOAD_URLS.me, { expireOn401: false }));
    writeAuthEntry({ user_id: me.id, email: me.email, first_name: me.first_name, last_name: me.last_name });
    // Every device follows the account's language (or tells the account of this phone's new choice).
    void followAccountLanguage(me.language);
    return { user: me, expired: false, offline: false };
  } catch (error) {
    // No connection, or the server cannot answer (restarting, database away): still the same person.
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
      const entry = readAuthEntry();
      const user = entry && {
        id: entry.user_id,
        email: entry.email,
        first_name: entry.first_name,
        last_name: entry.last_name,
      };
      return { user, expired: false, offline: true };
    }
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return authCheckFailed();
    console.error('Authentication check failed', error);
    return { user: null, expired: false, offline: false };
  }
}

type AuthSession = { user: { id: string } } | null;

async function getSessionWithRefresh(): Promise<AuthSession | 'refresh-failed'> {
  try {
    return await firstOr(FIRST_LOAD.session, () => apiFetch<AuthSession>(FIRST_LOAD_URLS.session));
  } catch (error) {
    if (!isForbidden(error)) throw error;
  }
  try {
    // The refresh: bypass any cached session cookie and let the server re-read (and renew) it.
    return await apiFetch<AuthSession>('/api/auth/get-session?disableCookieCache=true');
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) throw error;
    return 'refresh-failed';
  }
}

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || /forbidden/i.test(error.message));
}

function authCheckFailed(): SessionResult {
  if (readAuthEntry()) console.warn('Authentication check failed, clearing local storage');
  clearSessionStorage();
  return { user: null, expired: false, offline: false };
}
