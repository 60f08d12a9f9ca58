export * from './types';
export * from './registry';
export * from './time';
export { openUpload, type OpenUpload } from './files/open-upload';
export { fileFromBuffer } from './files/memory-file';
export { UnsafeArchiveError, defaultZipLimits, type ZipLimits } from './files/zip';
export * from './pdf-report/public';
export { mapFhirResources, type FhirMapOptions, type FhirResource } from './fhir/public';
