// The Sources page's connectors; imported only by the lazily loaded DataSourcesPage.
export { SourcesSection } from './SourcesSection';
