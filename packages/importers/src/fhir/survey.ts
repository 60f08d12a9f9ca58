import { StringDecoder } from 'node:string_decoder';
import { addReportLinks } from '@healthfolio/fhir';
import type { ImportFile } from '../types';
import type { FhirLayout } from './fhir-file';
import { fileResources } from './resources';

/** What the whole upload is, learnt before any sample goes out so every sample says the same. */
export interface Survey {
  source: string;
  /** Report names by the references DiagnosticReport.result uses for its Observations. */
  reports: Map<string, string>;
}

/**
 * Systems and URLs only one sender writes, strongest first. Blue Button data is Medicare's whatever
 * else it carries; the VA writes its patient identifiers under its OID (urn:oid:2.16.840.1.113883.4.349,
 * as in VA's MyHealtheVet PHR FHIR guide) or the MPI system; Epic's identifiers and codings sit under
 * its OID root 1.2.840.114350; Cerner's codes under fhir.cerner.com.
 */
const SENDERS: [source: string, markers: string[]][] = [
  ['medicare', ['bluebutton.cms.gov']],
  ['va', ['urn:oid:2.16.840.1.113883.4.349', 'va.gov/mpi', 'api.va.gov/services/fhir']],
  ['epic', ['urn:oid:1.2.840.114350', 'open.epic.com']],
  ['cerner', ['fhir.cerner.com']],
];
const REPORT_MARK = '"DiagnosticReport"';
const OBSERVATION_MARK = '"Observation"';
const LONGEST_MARK = 64;

/** Where the marks sit: [file index, character offset], comparable in reading order. */
type Place = [number, number];
const before = (a: Place, b: Place) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * Reads the upload ahead: the raw text for the senders' marks and for where reports and observations
 * sit (cheap, no parsing). When every report comes before every observation (bulk exports:
 * DiagnosticReport.ndjson sorts before Observation.ndjson; `_include` searches) the reading pass
 * links them as it goes. Only when a report may follow its results are the files that name one
 * parsed ahead for their reports.
 */
export async function surveyUpload(
  files: readonly { file: ImportFile; layout: FhirLayout }[],
): Promise<Survey> {
  const seen = new Set<string>();
  let firstObservation: Place | undefined;
  let lastReport: Place | undefined;
  const withReports: { file: ImportFile; layout: FhirLayout }[] = [];
  for (const [index, entry] of files.entries()) {
    const marks = await scanText(entry.file, seen);
    if (marks.firstObservation !== undefined && !firstObservation)
      firstObservation = [index, marks.firstObservation];
    if (marks.lastReport !== undefined) {
      lastReport = [index, marks.lastReport];
      withReports.push(entry);
    }
  }
  const source = SENDERS.find(([id]) => seen.has(id))?.[0] ?? 'ehr';
  const reports = new Map<string, string>();
  if (firstObservation && lastReport && before(firstObservation, lastReport)) {
    for (const { file, layout } of withReports) await collectReports(file, layout, reports);
  }
  return { source, reports };
}

interface Marks {
  firstObservation?: number;
  lastReport?: number;
}

/** Adds the senders whose marks the file holds to `seen`; where its first observation and last report are. */
async function scanText(file: ImportFile, seen: Set<string>): Promise<Marks> {
  const decoder = new StringDecoder('utf8');
  const marks: Marks = {};
  let carry = '';
  let offset = 0;
  for await (const chunk of file.open()) {
    const text = carry + decoder.write(chunk as Buffer);
    const base = offset - carry.length;
    for (const [source, list] of SENDERS) {
      if (!seen.has(source) && list.some((mark) => text.includes(mark))) seen.add(source);
    }
    if (marks.firstObservation === undefined) {
      const at = text.indexOf(OBSERVATION_MARK);
      if (at >= 0) marks.firstObservation = base + at;
    }
    const report = text.lastIndexOf(REPORT_MARK);
    if (report >= 0) marks.lastReport = base + report;
    offset = base + text.length;
    carry = text.slice(-LONGEST_MARK);
  }
  return marks;
}

async function collectReports(
  file: ImportFile,
  layout: FhirLayout,
  reports: Map<string, string>,
): Promise<void> {
  try {
    for await (const item of fileResources(file, layout)) {
      if ('resource' in item) addReportLinks(item.resource, reports);
    }
  } catch {
    // A damaged file is reported by the reading pass, with everything read before the damage.
  }
}
