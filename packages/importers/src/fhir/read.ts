import type { NewSample } from '@healthfolio/core';
import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type ImportIssue,
} from '../types';
import { fhirFiles } from './fhir-file';
import type { FileItem, Resource } from './fhir-types';
import { DamagedJsonError } from './json-tokens';
import { mapResource } from './map';
import type { MapContext } from './map-context';
import { isOwner, notYoursWarning, patientDisplayName } from './patient';
import { fileResources } from './resources';
import { addReportLinks, surveyUpload } from './survey';

const MAX_SAMPLES = 2000;
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
  const chunk = new ChunkBuilder();
  let warned = false;
  for (const { file, layout } of found) {
    let records = 0;
    try {
      for await (const item of fileResources(file, layout)) {
        if (context.signal?.aborted) return;
        records += 1;
        if ('resource' in item) addReportLinks(item.resource, survey.reports);
        const ready = chunk.add(item, mapContext);
        if (!warned && 'resource' in item && item.resource.resourceType === 'Patient') {
          const warning = ownerWarning(item.resource, context.owner.name);
          if (warning) {
            chunk.warnings.push(warning);
            warned = true;
          }
        }
        if (ready) yield ready;
      }
    } catch (error) {
      const pending = chunk.take();
      if (pending) yield pending;
      if (!(error instanceof DamagedJsonError)) throw error;
      throw new ImportFormatError(
        `${file.name} breaks off at about byte ${error.byte} (${error.message}); the ${records} resources before it were read`,
        { file: file.name, record: records, byte: error.byte },
      );
    }
  }
  const last = chunk.take();
  if (last) yield last;
}

function ownerWarning(patient: Resource, owner: string): string | undefined {
  if (isOwner(patient, owner)) return undefined;
  const name = patientDisplayName(patient);
  return name ? notYoursWarning(name, owner) : undefined;
}

/** Gathers samples, issues and the record count until a chunk is full. */
class ChunkBuilder {
  private samples: NewSample[] = [];
  private issues: ImportIssue[] = [];
  private records = 0;
  warnings: string[] = [];

  /** Adds one item; answers the chunk to yield first when this one would overflow it. */
  add(item: FileItem, context: MapContext): ImportChunk | undefined {
    const where = {
      file: item.file,
      ...(item.line === undefined ? { record: item.record } : { line: item.line }),
    };
    if (!('resource' in item)) {
      this.records += 1;
      this.issues.push({ message: item.problem, ...where });
      return undefined;
    }
    const mapped = mapResource(item, context);
    const full = this.samples.length + mapped.samples.length > MAX_SAMPLES ? this.take() : undefined;
    this.records += 1;
    for (const sample of mapped.samples) this.samples.push(sample);
    for (const message of mapped.issues) this.issues.push({ message, ...where });
    return full ?? (this.records >= MAX_RECORDS ? this.take() : undefined);
  }

  take(): ImportChunk | undefined {
    if (
      this.records === 0 &&
      this.samples.length === 0 &&
      this.issues.length === 0 &&
      this.warnings.length === 0
    ) {
      return undefined;
    }
    const chunk: ImportChunk = { samples: this.samples, records: this.records };
    if (this.issues.length > 0) chunk.issues = this.issues;
    if (this.warnings.length > 0) chunk.warnings = this.warnings;
    this.samples = [];
    this.issues = [];
    this.warnings = [];
    this.records = 0;
    return chunk;
  }
}
