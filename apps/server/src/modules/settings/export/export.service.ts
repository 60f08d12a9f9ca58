import { Readable } from 'node:stream';
import { getMetric, type ExportFormat, type SampleMeta } from '@healthfolio/core';
import type { Audit } from '../../../identity/audit';
import type { ClientInfo } from '../../../identity/client';
import type { AccountService } from '../../account';
import { csvExport } from './csv-export';
import { exportSections, type ExportDeps } from './export-sections';
import type { ExportContent } from './export-types';
import { fhirExport } from './fhir-export';
import { ipsBundle, type IpsRecord } from './ips-export';
import { isoWithOffset, metricSections } from './samples-section';
import { jsonExport } from './json-export';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

const FORMATS: Record<ExportFormat, { extension: string; contentType: string }> = {
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
  fhir: { extension: 'fhir.json', contentType: 'application/fhir+json; charset=utf-8' },
  csv: { extension: 'zip', contentType: 'application/zip' },
  ips: { extension: 'ips.json', contentType: 'application/fhir+json; charset=utf-8' },
};

/** Everything a user has, as a stream in the format asked for. The export itself is audited first. */
export class ExportService {
  constructor(
    private readonly account: AccountService,
    private readonly deps: ExportDeps,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async export(userId: string, format: ExportFormat, client: ClientInfo): Promise<ExportFile> {
    const profile = await this.account.profile(userId);
    await this.audit.record(userId, 'export', client, { format });
    const includeSandbox = profile.settings.preferences.includeSandboxData;
    const content = {
      profile,
      sections: exportSections(this.deps, userId, { includeSandbox, settings: profile.settings }),
    };
    const exportedAt = new Date(this.now());
    const body =
      format === 'csv'
        ? csvExport(content, () => metricSections(this.deps.samples, userId, { includeSandbox }))
        : format === 'ips'
          ? Readable.from([
              JSON.stringify(await this.ips(userId, content.profile, exportedAt, includeSandbox)),
            ])
          : Readable.from(
              format === 'fhir' ? fhirExport(content, exportedAt) : jsonExport(content, exportedAt),
            );
    const { extension, contentType } = FORMATS[format];
    return {
      filename: `healthfolio-export-${exportedAt.toISOString().slice(0, 10)}.${extension}`,
      contentType,
      body,
    };
  }

  /** The International Patient Summary: clinical records and lab results as an IPS document Bundle. */
  private async ips(userId: string, profile: ExportContent['profile'], at: Date, includeSandbox: boolean) {
    const records: IpsRecord[] = [];
    for (let after = 0; ;) {
      const page = await this.deps.clinicalRecords.exportPage(userId, after, 1000);
      records.push(...page);
      const last = page[page.length - 1];
      if (!last || page.length < 1000) break;
      after = last.id;
    }
    const labs = await this.deps.samples.labResultRows(userId, { excludeSandbox: !includeSandbox });
    const results = labs.map((r) => {
      const meta = r.meta ? (JSON.parse(r.meta) as SampleMeta) : null;
      return {
        kind: r.kind,
        name: meta?.name ?? getMetric(r.kind)?.label ?? r.kind,
        at: isoWithOffset(Number(r.start_at), r.utc_offset_min),
        value: r.value,
        unit: r.unit,
        low: meta?.referenceRange?.low ?? null,
        high: meta?.referenceRange?.high ?? null,
        flag: r.flag,
      };
    });
    return ipsBundle(profile, records, results, at);
  }
}
