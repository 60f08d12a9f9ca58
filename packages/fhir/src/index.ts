// The FHIR R4 mapping: resources → samples and clinical records. Pure; what reads files lives in
// @healthfolio/importers (fhir/), what reads FHIR APIs in @healthfolio/connectors.

// A page of resources from an API, as the connectors map it.
export { mapFhirResources, type FhirMapOptions, type FhirResource } from './map-resources';
export { mapClinicalRecords } from './records';

// One resource at a time, with where it was read, as the file importer maps an upload.
export type { FoundResource, Resource } from './fhir-types';
export { CLINICAL, mapResource } from './map';
export { WITHDRAWN, type MapContext } from './map-context';
export { addMedicationName, mapClinicalRecord, type RecordContext } from './records';
export { addReportLinks } from './references';
export { isOwner, notYoursWarning, patientDisplayName } from './patient';
