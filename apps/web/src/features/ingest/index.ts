export { IngestDialog } from './IngestDialog';
