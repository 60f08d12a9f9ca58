export * from './types';
export * from './registry';
export { openUpload, type OpenUpload } from './files/open-upload';
export { fileFromBuffer } from './files/memory-file';
export { JsonDepthError, MAX_JSON_DEPTH, parseJson } from './shared/safe-json';
export { UnsafeArchiveError, defaultZipLimits, openZip, type OpenZip, type ZipLimits } from './files/zip';
export * from './pdf-report/public';
export { isHealthAutoExport, parseHealthAutoExport, type HealthAutoExportResult } from './health-auto-export';
