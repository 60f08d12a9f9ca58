export { ActingPersonProvider } from './ActingPersonProvider';
export { useActingPerson, type ViewedPerson } from './acting-person';
export { CaregiversSection } from './CaregiversSection';
export { PersonSwitcher } from './PersonSwitcher';
export { ViewingBanner } from './ViewingBanner';
