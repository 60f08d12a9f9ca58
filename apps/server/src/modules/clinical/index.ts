// The clinical module's door: clinical records (labs, conditions, medications …) as stored and as served.
export { upsertClinicalRecords, type ClinicalRecordsRepository } from './clinical-records.repository';
export type { ClinicalService } from './clinical.service';
