export { isHealthAutoExport, parseHealthAutoExport } from './parse';
export type { HealthAutoExportOptions, HealthAutoExportResult } from './parse';
export { healthAutoExportImporter } from './importer';
