/** The person's answer to the analytics banner, kept in this browser (before any sign-in, per device). */
export type Consent = 'granted' | 'denied';

const KEY = 'healthfolio.analytics-consent';
/** page-views.ts keeps the session's random client id here; withdrawing forgets it. */
export const CLIENT_ID_KEY = 'healthfolio.analytics-cid';

const listeners = new Set<() => void>();
/** The answer when the browser keeps no storage (private mode): it holds for this page only. */
let memory: Consent | null = null;

export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return memory;
  }
}

export function storeConsent(consent: Consent): void {
  memory = consent;
  try {
    window.localStorage.setItem(KEY, consent);
  } catch {
    // Private mode without storage: the answer holds for this page only.
  }
  if (consent === 'denied') {
    try {
      window.sessionStorage.removeItem(CLIENT_ID_KEY);
    } catch {
      // nothing kept
    }
  }
  listeners.forEach((listener) => listener());
}

/**
 * Calls `listener` whenever the answer changes — here (the banner, Settings → Privacy) or in another tab
 * of this browser. Answers the unsubscribe.
 */
export function subscribeConsent(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
