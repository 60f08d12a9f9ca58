import { z } from 'zod';

/** The sections of the clinical view, one per kind of FHIR resource people read in a chart. */
export const clinicalCategories = [
  'condition',
  'procedure',
  'medication',
  'immunization',
  'allergy',
  'encounter',
] as const;
export type ClinicalCategory = (typeof clinicalCategories)[number];

/**
 * One clinical resource as the clinical view keeps it: mapped from a FHIR Condition, Procedure,
 * MedicationRequest / MedicationStatement, Immunization, AllergyIntolerance or Encounter by the FHIR
 * mapping (file imports and SMART on FHIR syncs alike), upserted by (user, source, resourceType, originId).
 */
export interface ClinicalRecordInput {
  /** The source kind it came from (epic, va, medicare, pdf_upload …). */
  source: string;
  /** The FHIR resource type ("MedicationRequest"). */
  resourceType: string;
  /** The resource id at the source; re-syncing the same resource updates its row. */
  originId: string;
  category: ClinicalCategory;
  /** Epoch ms it started, was given or recorded, when known. */
  recordedAt: number | null;
  /** Epoch ms it ended (abatement, period end), when known. */
  endedAt: number | null;
  /** What a person reads: "Type 2 diabetes mellitus", "Metformin 500 mg tablet". */
  display: string;
  /** active, resolved, completed, stopped … as the record says. */
  status: string | null;
  /** Codes and the details the view shows: dosage, reaction, severity, location, performer, notes. */
  detail: Record<string, unknown>;
}

/** `GET /api/clinical-records` items. */
export const clinicalRecordSchema = z.object({
  id: z.string(),
  source: z.string(),
  resourceType: z.string(),
  category: z.enum(clinicalCategories),
  recordedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  display: z.string(),
  status: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type ClinicalRecord = z.infer<typeof clinicalRecordSchema>;
