import type { SignedInUser } from '@common/contracts/session';
import { SPLASH_SEEN_KEY } from '@common/splash';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, setCsrfToken } from './api';
import { bootstrap } from './bootstrap';
import { splashShownAt } from './splash-clock';

/** Spec 1 §4/§9: the auth loading state ends after a deliberate 1.8 s (the splash screen's time). */
export const AUTH_LOADING_MS = 1800;

interface AuthContextValue {
  user: SignedInUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  hasAdminAccess: boolean;
  localAuth: boolean;
  /** Reloads the member and every query that shows their balance (points move after spending or earning). */
  refreshUser(): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const sessionQueryKey = ['session'] as const;

/**
 * A query whose answer carries the member's balance (the store's user_points) says so in its meta, `{ [SHOWS_BALANCE]:
 * true }`, and reloads with the member: the daily bonus in the top bar then moves the store's balance too.
 */
export const SHOWS_BALANCE = 'showsBalance';

function splashAlreadySeen() {
  try {
    return sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function AuthProvider({ children, skipSplash = false }: { children: ReactNode; skipSplash?: boolean }) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(() => !skipSplash && !splashAlreadySeen());

  useEffect(() => {
    if (!loading) return;
    // Counted from when the splash showed: the page's HTML paints it before this code has arrived.
    const timer = setTimeout(() => {
      setLoading(false);
      try {
        sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
      } catch {
        // Private modes without storage just see the splash again next time.
      }
    }, AUTH_LOADING_MS - (performance.now() - splashShownAt));
    return () => clearTimeout(timer);
  }, [loading]);

  const session = useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      const data = await api.get<{ user: SignedInUser | null; csrf_token: string }>('/api/r/session');
      setCsrfToken(data.csrf_token);
      return data.user;
    },
    initialData: bootstrap.user,
    staleTime: Infinity,
  });
  const user = session.data;

  const adminAccess = useQuery({
    queryKey: ['admin-access', user?.id],
    queryFn: async () => {
      try {
        const data = await api.get<{ success: boolean; has_admin_access: boolean }>('/admin-new/api/check-admin-access');
        return data.success && data.has_admin_access;
      } catch {
        return false;
      }
    },
    enabled: user !== null,
    staleTime: 5 * 60_000,
  });

  const refreshUser = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ predicate: (query) => query.meta?.[SHOWS_BALANCE] === true }),
      ]).then(() => undefined),
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/logout');
    } catch {
      // Spec 1 §8: a failed logout still clears local state and goes home.
    }
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: user !== null,
      loading,
      hasAdminAccess: user !== null && adminAccess.data === true,
      localAuth: bootstrap.local_auth,
      refreshUser,
      logout,
    }),
    [user, loading, adminAccess.data, refreshUser, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
