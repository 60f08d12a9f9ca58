// What the app shell needs at start-up; page-only components are imported from their files.
export { PublicLayout } from './PublicLayout';
export { PageSpinner } from './PageSpinner';
export { useDocumentTitle } from './use-document-title';
