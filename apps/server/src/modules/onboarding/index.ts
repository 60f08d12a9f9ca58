// The onboarding module's door: whether a person chose their units (the checklist's first step).
export { choosesUnits } from './onboarding.service';
