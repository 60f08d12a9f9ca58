export { OnboardingChecklist } from './OnboardingChecklist';
