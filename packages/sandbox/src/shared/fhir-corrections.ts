import type { FakeControl } from '../types';

type Resource = Record<string, unknown> & { resourceType: string; id: string };

/** Where each type keeps "entered in error" (FHIR R4): its `verificationStatus`, or its `status`. */
const VERIFICATION: Record<string, string> = {
  Condition: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  AllergyIntolerance: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
};

/**
 * Corrections a test made at a fake FHIR server, by `<type>/<id>`: a record corrected (new fields) or
 * retracted (`entered-in-error`, which FHIR R4 uses instead of deleting a clinical record). Each is a new
 * version of the resource with a new `meta.lastUpdated`, so `_lastUpdated` searches find it.
 */
export class FhirCorrections {
  private readonly changed = new Map<string, { fields: Record<string, unknown>; at: number }>();

  constructor(private readonly now: () => number) {}

  expose(control: FakeControl | undefined): void {
    if (!control) return;
    control.revise = (id, fields) => this.change(id, fields);
    control.deleteRecord = (id) => {
      const system = VERIFICATION[id.slice(0, id.indexOf('/'))];
      this.change(
        id,
        system
          ? {
              verificationStatus: {
                coding: [{ system, code: 'entered-in-error', display: 'Entered in Error' }],
              },
            }
          : { status: 'entered-in-error' },
      );
    };
  }

  change(id: string, fields: Record<string, unknown>): void {
    this.changed.set(id, { fields: { ...this.changed.get(id)?.fields, ...fields }, at: this.now() });
  }

  /** When a resource was last changed here, if it was. */
  changedAt(resource: Resource): number | undefined {
    return this.changed.get(`${resource.resourceType}/${resource.id}`)?.at;
  }

  /** The resource as the server answers it now. */
  apply<T extends Resource>(resource: T): T {
    const change = this.changed.get(`${resource.resourceType}/${resource.id}`);
    if (!change) return resource;
    const meta = (resource.meta ?? {}) as Record<string, unknown>;
    return {
      ...resource,
      ...change.fields,
      meta: { ...meta, versionId: '2', lastUpdated: new Date(change.at).toISOString().replace('.000Z', 'Z') },
    };
  }
}
