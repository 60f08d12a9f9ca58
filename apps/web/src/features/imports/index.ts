// The Sources page's imports; imported only by the lazily loaded DataSourcesPage.
export { ImportFile } from './ImportFile';
export { ImportHistory } from './ImportHistory';
export { ImportsSection } from './ImportsSection';
