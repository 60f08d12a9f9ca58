import type { UserSettings } from '@healthfolio/core';
import type { AuditLogRepository } from '../../../identity/audit-log.repository';
import type { ClinicalRecordsRepository } from '../../clinical';
import type { GoalsRepository } from '../../goals';
import type { UserDataSourcesRepository } from '../../user';
import type { SamplesQuery } from '../../metrics';
import type { ExportRow, ExportSection } from './export-types';
import { samplesSection } from './samples-section';

const PAGE = 1000;

export interface ExportDeps {
  auditLog: AuditLogRepository;
  dataSources: UserDataSourcesRepository;
  samples: Pick<SamplesQuery, 'samplesPage' | 'kindsHeld' | 'samplesOfKindPage' | 'labResultRows'>;
  clinicalRecords: ClinicalRecordsRepository;
  goals: GoalsRepository;
}

const isoDay = (day: number | null) =>
  day === null ? null : new Date(day * 86_400_000).toISOString().slice(0, 10);

export function exportSections(
  deps: ExportDeps,
  userId: string,
  {
    includeSandbox = false,
    settings,
  }: {
    /** The person's `includeSandboxData`: sandbox samples are exported only with it. */
    includeSandbox?: boolean;
    /** Exported as the `settings` section (one row), which an import restores. */
    settings?: UserSettings;
  } = {},
): ExportSection[] {
  return [
    {
      name: 'settings',
      columns: ['settings'],
      csv: false,
      async *rows() {
        if (settings) yield { settings: JSON.stringify(settings) };
      },
    },
    {
      name: 'dataSources',
      columns: ['kind'],
      async *rows() {
        for (const kind of await deps.dataSources.list(userId)) yield { kind };
      },
    },
    // Not yet stored: the insight and connected-source tables come with their modules.
    { name: 'sources', columns: ['id', 'kind', 'name', 'status', 'lastSync'], rows: empty },
    samplesSection(deps.samples, userId, { includeSandbox }),
    clinicalRecordsSection(deps.clinicalRecords, userId),
    {
      name: 'goals',
      columns: [
        'id',
        'title',
        'metric',
        'target',
        'direction',
        'period',
        'deadline',
        'startValue',
        'created',
      ],
      async *rows() {
        for (const g of await deps.goals.list(userId)) {
          yield {
            id: g.id,
            title: g.title,
            metric: g.metric,
            target: g.target,
            direction: g.direction,
            period: g.period,
            deadline: isoDay(g.deadline_day),
            startValue: g.start_value,
            created: isoDay(g.created_day),
          };
        }
      },
    },
    {
      name: 'insights',
      columns: ['id', 'type', 'severity', 'title', 'description', 'createdAt'],
      rows: empty,
    },
    {
      name: 'auditLog',
      columns: ['id', 'event', 'at', 'ip', 'userAgent', 'details'],
      async *rows() {
        let before: number | undefined;
        for (;;) {
          const page = await deps.auditLog.listForUser(userId, PAGE, before);
          for (const r of page) {
            yield {
              id: r.id,
              event: r.event,
              at: new Date(r.at).toISOString(),
              ip: r.ip,
              userAgent: r.user_agent,
              details: r.details,
            };
          }
          if (page.length < PAGE) return;
          before = page[page.length - 1]?.id;
        }
      },
    },
  ];
}

/** The clinical view's records (conditions, medications …); `detail` holds their codes and details as JSON. */
function clinicalRecordsSection(repo: ClinicalRecordsRepository, userId: string): ExportSection {
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    name: 'clinicalRecords',
    columns: [
      'id',
      'originId',
      'category',
      'resourceType',
      'display',
      'status',
      'recordedAt',
      'endedAt',
      'source',
      'detail',
    ],
    async *rows() {
      let after = 0;
      for (;;) {
        const page = await repo.exportPage(userId, after, PAGE);
        for (const r of page) {
          yield {
            id: r.id,
            originId: r.origin_id,
            category: r.category,
            resourceType: r.resource_type,
            display: r.display,
            status: r.status,
            recordedAt: iso(r.recorded_at),
            endedAt: iso(r.ended_at),
            source: r.source,
            detail: r.detail,
          };
        }
        const last = page[page.length - 1];
        if (!last || page.length < PAGE) return;
        after = last.id;
      }
    },
  };
}

// eslint-disable-next-line require-yield
async function* empty(): AsyncGenerator<ExportRow> {
  return;
}
