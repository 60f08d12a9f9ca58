// Web tests: English loaded synchronously (no Suspense in component tests), and a test fails when a component
// renders a key that English lacks — so a typo or a forgotten string never reaches the page as its key.
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { initReactI18next } from 'react-i18next';
import { COMMON_NS } from '../i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/en/*.json', {
  eager: true,
});
const resources: Record<string, Record<string, unknown>> = {};
for (const [file, module] of Object.entries(files)) {
  resources[file.replace(/^.*\/(.+)\.json$/, '$1')] = module.default;
}

const missing: string[] = [];
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: resources },
  ns: Object.keys(resources),
  defaultNS: COMMON_NS,
  fallbackNS: COMMON_NS,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
});

afterEach(() => {
  if (i18next.language !== 'en') void i18next.changeLanguage('en');
  if (missing.length === 0) return;
  const keys = missing.splice(0).join(', ');
  throw new Error(`Rendered words missing from English (i18n/locales/en): ${keys}`);
});
