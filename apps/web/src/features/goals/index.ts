// The Goals page; imported only by the lazily loaded GoalsPage.
export { GoalsView } from './GoalsView';
