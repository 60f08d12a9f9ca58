import type { ExportContent } from './export-types';

/**
 * A FHIR R4 Bundle of type `collection`: the Patient, then a resource per row of every section that
 * maps to FHIR (samples become Observations once they are stored).
 */
export async function* fhirExport(content: ExportContent, exportedAt: Date): AsyncGenerator<string> {
  const { profile } = content;
  const patientRef = `urn:uuid:${profile.id}`;
  const patient = {
    resourceType: 'Patient',
    id: profile.id,
    active: true,
    name: profile.name ? [{ text: profile.name }] : undefined,
    telecom: [{ system: 'email', value: profile.email }],
  };
  yield `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(exportedAt.toISOString())},"entry":[`;
  yield JSON.stringify({ fullUrl: patientRef, resource: patient });
  for (const section of content.sections) {
    const toFhir = section.toFhir;
    if (!toFhir) continue;
    for await (const row of section.rows()) {
      yield ',' + JSON.stringify({ resource: toFhir(row, patientRef) });
    }
  }
  yield ']}\n';
}
