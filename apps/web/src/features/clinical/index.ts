// The Dashboard's clinical records tab; imported only by the lazily loaded Dashboard page.
export { ClinicalView } from './ClinicalView';
