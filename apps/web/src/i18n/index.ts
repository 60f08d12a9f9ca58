/**
 * The web app's languages (issue 22): i18next with one JSON file per language and namespace under
 * `locales/<language>/<namespace>.json`. A page's namespace is fetched when a component first asks for it
 * (`useTranslation('dashboard')`), so /login downloads only its own words. Adding a language is adding a
 * folder of files and a line in LANGUAGES; the parity test fails while any key is missing.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SESSION_STORAGE_KEY } from '../features/auth/session-store';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'de', label: 'Deutsch' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The namespace every page shares: navigation, buttons, units, errors. */
export const COMMON_NS = 'common';
/** The app shell's words (navigation, top bar, footer), on every page too. */
const SHELL_NS = 'layout';

const STORAGE_KEY = 'hf.language';
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.value === value);
}

/** Reads `locales/<lng>/<ns>.json` on demand; a namespace a language lacks falls back to English. */
const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (file) => callback(null, file.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The language before anyone signs in: the last one chosen on this browser, else the browser's own. */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage blocked: fall through to the browser's languages
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag?.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

function followDocument(language: string) {
  document.documentElement.lang = language;
}

/** Starts i18next for the browser; resolves once the first language's common words are loaded. */
export async function startI18n(language: Language = initialLanguage()): Promise<void> {
  await i18next
    .use(lazyFiles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.value),
      // The shell's words come with the first render: every page has them.
      ns: [COMMON_NS, SHELL_NS],
      defaultNS: COMMON_NS,
      fallbackNS: COMMON_NS,
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: true },
      returnNull: false,
      // Ask for the first words now rather than a task later, before main.tsx's code prefetches take the
      // browser's six connections.
      initAsync: false,
    });
  followDocument(i18next.language);
  i18next.on('languageChanged', followDocument);
  // A returning, signed-in visitor is bound for the app's pages: fetch their words now, beside the route's
  // chunks, rather than when the shell mounts (seconds later on a slow device).
  if (hasStoredSession()) void preloadAllNamespaces();
}

function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Fetches every namespace of the current language at once (about 25 KB gzip for all), so a signed-in page
 * does not wait for its words one component after another; the signed-in shell calls it when it mounts.
 */
export function preloadAllNamespaces(): Promise<void> {
  const prefix = `./locales/${i18next.language}/`;
  const all = Object.keys(files)
    .filter((file) => file.startsWith(prefix))
    .map((file) => file.slice(prefix.length, -'.json'.length));
  return i18next.loadNamespaces(all);
}

/** Switches the language (and remembers it on this browser for the signed-out pages). */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/** The BCP 47 tag for Intl formatting of dates, numbers and units in the current language. */
export function currentLocale(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? DEFAULT_LANGUAGE;
}

export { i18next as i18n };
