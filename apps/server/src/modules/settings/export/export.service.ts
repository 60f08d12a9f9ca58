import { Readable } from 'node:stream';
import type { ExportFormat } from '@healthfolio/core';
import type { Audit } from '../../../identity/audit';
import type { ClientInfo } from '../../../identity/client';
import type { AccountService } from '../../account/account.service';
import { csvExport } from './csv-export';
import { exportSections, type ExportDeps } from './export-sections';
import { fhirExport } from './fhir-export';
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
    const content = { profile, sections: exportSections(this.deps, userId, { includeSandbox }) };
    const exportedAt = new Date(this.now());
    const body =
      format === 'csv'
        ? csvExport(content)
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
}
