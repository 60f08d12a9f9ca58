export { isHealthAutoExport, parseHealthAutoExport } from './parse';
export type { HealthAutoExportOptions, HealthAutoExportResult } from './parse';
