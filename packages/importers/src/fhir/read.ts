import {
  addMedicationName,
  addReportLinks,
  CLINICAL,
  isOwner,
  mapClinicalRecord,
  mapResource,
  notYoursWarning,
  patientDisplayName,
  WITHDRAWN,
  type MapContext,
  type RecordContext,
  type Resource,
} from '@healthfolio/fhir';
import { ChunkBuffer } from '../shared/chunk-buffer';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { fhirFiles } from './fhir-file';
import type { FileItem } from './file-items';
import { DamagedJsonError } from '../shared/json-tokens';
import { fileResources } from './resources';
import { surveyUpload } from './survey';

/** Files of resources that give no samples (Patient, Encounter) still report progress this often. */
const MAX_RECORDS = 5000;

/** Reads every FHIR file of the upload, by name, into chunks of samples. */
export async function* readFhir(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const found = await fhirFiles(files);
  if (found.length === 0) throw new ImportFormatError('The upload holds no FHIR JSON or NDJSON file');
  const survey = await surveyUpload(found);
  const mapContext: MapContext = { zone: context.timeZone, source: survey.source, reports: survey.reports };
  // Medications named by reference are found when the Medication comes first (Medication.ndjson sorts
  // before MedicationRequest.ndjson); otherwise the reference's display names them.
  const medications = new Map<string, string>();
  const recordContext: RecordContext = { zone: context.timeZone, source: survey.source, medications };
  const chunk = new ChunkBuffer();
  let warned = false;
  let unreported = 0;
  for (const { file, layout } of found) {
    let records = 0;
    try {
      for await (const item of fileResources(file, layout)) {
        if (context.signal?.aborted) return;
        records += 1;
        unreported += 1;
        if ('resource' in item) {
          addReportLinks(item.resource, survey.reports);
          addMedicationName(item.resource, medications, item.fullUrl);
        }
        addItem(chunk, item, mapContext, recordContext);
        if (!warned && 'resource' in item && item.resource.resourceType === 'Patient') {
          const warning = ownerWarning(item.resource, context.owner.name);
          if (warning) {
            chunk.warn(warning);
            warned = true;
          }
        }
        for (const full of chunk.chunks()) {
          unreported = 0;
          yield full;
        }
        if (unreported >= MAX_RECORDS) {
          unreported = 0;
          yield chunk.take();
        }
      }
    } catch (error) {
      yield* chunk.chunks(true);
      if (!(error instanceof DamagedJsonError)) throw error;
      throw new ImportFormatError(
        `${file.name} breaks off at about byte ${error.byte} (${error.message}); the ${records} resources before it were read`,
        { file: file.name, record: records, byte: error.byte },
      );
    }
  }
  yield* chunk.chunks(true);
}

/**
 * Maps one item into the chunk: its samples, issues and skipped readings (every reading it holds is one
 * of them), its clinical record, or the problem that kept it from being read. A clinical type its sender
 * withdrew (entered-in-error) gives no record, and is skipped as such.
 */
function addItem(chunk: ChunkBuffer, item: FileItem, context: MapContext, records: RecordContext): void {
  const where = {
    file: item.file,
    ...(item.line === undefined ? { record: item.record } : { line: item.line }),
  };
  if (!('resource' in item)) {
    chunk.record();
    chunk.issue({ message: item.problem, ...where });
    return;
  }
  const mapped = mapResource(item, context);
  const record = mapClinicalRecord(item, records);
  if (record) chunk.addClinical(record);
  if (!record && mapped.skipped[0]?.reason === CLINICAL) {
    mapped.skipped = [{ type: `${item.resource.resourceType} (entered-in-error)`, reason: WITHDRAWN }];
  }
  chunk.record(mapped.samples.length + mapped.issues.length);
  chunk.add(...mapped.samples);
  for (const message of mapped.issues) chunk.issue({ message, ...where });
  for (const { type: what, reason } of mapped.skipped) chunk.skip(what, reason);
}

function ownerWarning(patient: Resource, owner: string): string | undefined {
  if (isOwner(patient, owner)) return undefined;
  const name = patientDisplayName(patient);
  return name ? notYoursWarning(name, owner) : undefined;
}
