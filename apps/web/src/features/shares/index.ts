// Sharing with a clinician: the Settings section, and the recipient's page (a public route).
export { SharingSection } from './SharingSection';
