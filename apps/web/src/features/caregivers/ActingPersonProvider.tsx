import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setActingFor } from '../../lib/api';
import { useAuth } from '../auth';
import { ActingPersonContext, readViewed, writeViewed, type ViewedPerson } from './acting-person';
import { caregiversKey, useCaregivers } from './caregivers-api';

/**
 * Holds whose data the app shows. Switching sets X-Person-Id on the API client and drops every cached
 * answer, so nothing of one person is ever shown under another's name. The grant is looked up again
 * regularly: once it is revoked or ended, the view is the own data again and says why.
 */
export function ActingPersonProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [viewed, setViewed] = useState<ViewedPerson | null>(() => readViewed(user?.id));
  const caregivers = useCaregivers(user !== null);

  // The grant as the server knows it now: its current permissions, or gone (revoked, ended).
  const grant = caregivers.data?.received.find(
    (g) => g.status === 'active' && g.personId === viewed?.personId,
  );
  const lost = viewed !== null && caregivers.isSuccess && grant === undefined;
  const person = useMemo(
    () => (viewed && !lost ? { ...viewed, permissions: grant?.permissions ?? viewed.permissions } : null),
    [grant?.permissions, lost, viewed],
  );
  // Settings are always the account's own: there the data shown (source priorities …) is the own too.
  const ownPage = pathname === '/settings' || pathname.startsWith('/settings/');
  const shownId = ownPage ? null : (person?.personId ?? null);
  // Idempotent, and before any child asks for data: the API client follows what is on screen.
  setActingFor(shownId);

  const forget = useCallback(() => {
    void queryClient.resetQueries({
      predicate: (query) => query.queryKey[0] !== 'profile' && query.queryKey[0] !== caregiversKey[0],
    });
  }, [queryClient]);
  // Whenever whose data is shown changes, no answer about the other one stays in the cache.
  const shown = useRef(shownId);
  useEffect(() => {
    if (shown.current === shownId) return;
    shown.current = shownId;
    forget();
  }, [forget, shownId]);
  useEffect(() => {
    if (lost) writeViewed(user?.id, null);
  }, [lost, user?.id]);

  const switchTo = useCallback(
    (next: ViewedPerson | null) => {
      setActingFor(next?.personId ?? null);
      shown.current = next?.personId ?? null;
      writeViewed(user?.id, next);
      setViewed(next);
      forget();
      void navigate(startPage(next));
    },
    [forget, navigate, user?.id],
  );

  const value = useMemo(
    () => ({
      person,
      ownPage,
      may: (permission: ViewedPerson['permissions'][number]) =>
        person === null || person.permissions.includes(permission),
      switchTo,
      ended: lost ? viewed.personName : null,
      dismissEnded: () => setViewed(null),
    }),
    [lost, ownPage, person, switchTo, viewed],
  );
  return <ActingPersonContext.Provider value={value}>{children}</ActingPersonContext.Provider>;
}

/** Where a switch lands: the Dashboard, unless the grant does not open it. */
function startPage(person: ViewedPerson | null): string {
  if (!person || person.permissions.includes('metrics')) return '/dashboard';
  if (person.permissions.includes('insights')) return '/insights';
  if (person.permissions.includes('sources')) return '/data-sources';
  return '/dashboard';
}
