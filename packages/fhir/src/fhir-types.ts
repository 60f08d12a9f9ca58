/**
 * The few FHIR R4 shapes the importer reads. Every field is optional and may hold anything: exports
 * are read defensively, so these types only name what is looked at (https://hl7.org/fhir/R4/datatypes.html).
 */

export interface Coding {
  system?: string;
  code?: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Quantity {
  value?: number;
  comparator?: string;
  unit?: string;
  system?: string;
  code?: string;
}

export interface Period {
  start?: string;
  end?: string;
}

export interface Reference {
  reference?: string;
  display?: string;
}

export interface HumanName {
  use?: string;
  text?: string;
  family?: string;
  given?: string[];
}

/** Any resource: its type and id, and the rest unread until a mapper looks. */
export interface Resource {
  resourceType: string;
  id?: string;
  [field: string]: unknown;
}

/** A resource as read from a file, with where it was. */
export interface FoundResource {
  resource: Resource;
  file: string;
  /** 1-based line (NDJSON). */
  line?: number;
  /** 0-based resource number within the file. */
  record: number;
  /** The Bundle entry's fullUrl, which `urn:uuid:` references point at. */
  fullUrl?: string;
  /** The entry number inside a Bundle that is itself a resource of the file (a Bundle of Bundles). */
  part?: string;
}
