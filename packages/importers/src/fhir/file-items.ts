import type { FoundResource } from '@healthfolio/fhir';

/** Something in a file that is not a resource (a bare string, an object without resourceType). */
export interface NotAResource {
  problem: string;
  file: string;
  line?: number;
  record: number;
}

export type FileItem = FoundResource | NotAResource;

export const isResource = (item: FileItem): item is FoundResource => 'resource' in item;
