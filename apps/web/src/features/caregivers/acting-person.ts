import type { CaregiverPermission } from '@healthfolio/core';
import { createContext, useContext } from 'react';

/** Whose data is on screen: the signed-in user's own (null), or a person they care for. */
export interface ViewedPerson {
  personId: string;
  personName: string;
  permissions: CaregiverPermission[];
}

export interface ActingPerson {
  person: ViewedPerson | null;
  /** On an account page (Settings): the own data is shown there, whoever is being viewed. */
  ownPage: boolean;
  /** True for the own data; for a person, whether their grant allows it. */
  may: (permission: CaregiverPermission) => boolean;
  switchTo: (person: ViewedPerson | null) => void;
  /** The name of the person whose access just ended, to say so once. */
  ended: string | null;
  dismissEnded: () => void;
}

const own: ActingPerson = {
  person: null,
  ownPage: false,
  may: () => true,
  switchTo: () => undefined,
  ended: null,
  dismissEnded: () => undefined,
};

export const ActingPersonContext = createContext<ActingPerson>(own);

/** Whose data the app shows; outside the provider (public pages, tests) always the own. */
export const useActingPerson = () => useContext(ActingPersonContext);

const STORAGE_KEY = 'healthfolio.viewing';

/** The person viewed in this tab, kept for reloads; only for the same signed-in user. */
export function readViewed(userId: string | undefined): ViewedPerson | null {
  if (!userId) return null;
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as
      (ViewedPerson & { viewer: string }) | null;
    if (!stored || stored.viewer !== userId) return null;
    return { personId: stored.personId, personName: stored.personName, permissions: stored.permissions };
  } catch {
    return null;
  }
}

export function writeViewed(userId: string | undefined, person: ViewedPerson | null): void {
  if (!person || !userId) window.sessionStorage.removeItem(STORAGE_KEY);
  else window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...person, viewer: userId }));
}
