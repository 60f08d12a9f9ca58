/** The person's answer to the analytics banner, kept in this browser (before any sign-in, per device). */
export type Consent = 'granted' | 'denied';

const KEY = 'healthfolio.analytics-consent';

export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(consent: Consent): void {
  try {
    window.localStorage.setItem(KEY, consent);
  } catch {
    // Private mode without storage: the answer holds for this page only.
  }
}
