import { z } from 'zod';
import { sampleItemSchema } from './samples';

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

/** `GET /api/clinical-records` query: one category or source, newest first, a page at a time. */
export const clinicalRecordsQuerySchema = z.object({
  category: z.enum(clinicalCategories).optional(),
  source: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(200).optional(),
});
export type ClinicalRecordsQuery = z.infer<typeof clinicalRecordsQuerySchema>;

/** A page of records; `nextCursor` fetches the next (older) one, null on the last page. */
export const clinicalRecordPageSchema = z.object({
  items: z.array(clinicalRecordSchema),
  nextCursor: z.string().nullable(),
});
export type ClinicalRecordPage = z.infer<typeof clinicalRecordPageSchema>;

const categoryCounts = z.object(
  Object.fromEntries(clinicalCategories.map((c) => [c, z.number().int()])) as Record<
    ClinicalCategory,
    z.ZodNumber
  >,
);

/** `GET /api/clinical-records/summary`: how many records each section holds and where they came from. */
export const clinicalSummarySchema = z.object({
  total: z.number().int(),
  categories: categoryCounts,
  sources: z.array(z.object({ source: z.string(), name: z.string(), count: z.number().int() })),
});
export type ClinicalSummary = z.infer<typeof clinicalSummarySchema>;

/** Records a grouped answer gives per category at most (newest first); `counts` says how many there are. */
export const CLINICAL_GROUP_LIMIT = 200;

/**
 * `GET /api/integrations/va/clinical-data`: the VA records by category (newest first, at most
 * CLINICAL_GROUP_LIMIT each) and the latest result of each lab and vital the VA sent.
 */
export const vaClinicalDataSchema = z.object({
  records: z.object(
    Object.fromEntries(clinicalCategories.map((c) => [c, z.array(clinicalRecordSchema)])) as Record<
      ClinicalCategory,
      z.ZodArray<typeof clinicalRecordSchema>
    >,
  ),
  counts: categoryCounts,
  labs: z.array(sampleItemSchema),
  vitals: z.array(sampleItemSchema),
});
export type VaClinicalData = z.infer<typeof vaClinicalDataSchema>;
