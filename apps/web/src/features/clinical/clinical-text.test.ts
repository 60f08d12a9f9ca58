import { describe, expect, it } from 'vitest';
import { recordDates, recordSummary, statusChip } from './clinical-text';
import { clinicalRecord } from './test-utils';

describe('clinical text', () => {
  it('writes a record’s dates as a day or a span', () => {
    expect(recordDates({ recordedAt: '2024-03-10T12:00:00.000Z', endedAt: null })).toBe('Mar 10, 2024');
    expect(recordDates({ recordedAt: '2019-01-10T12:00:00.000Z', endedAt: '2019-01-24T12:00:00.000Z' })).toBe(
      'Jan 10, 2019 – Jan 24, 2019',
    );
    expect(recordDates({ recordedAt: '2024-03-10T12:00:00.000Z', endedAt: '2024-03-10T13:00:00.000Z' })).toBe(
      'Mar 10, 2024',
    );
    expect(recordDates({ recordedAt: null, endedAt: null })).toBe('No date');
  });

  it('labels and colours statuses', () => {
    expect(statusChip('active')).toEqual({ label: 'Active', color: 'success' });
    expect(statusChip('in-progress')).toEqual({ label: 'In progress', color: 'info' });
    expect(statusChip('resolved')).toEqual({ label: 'Resolved', color: 'default' });
  });

  it('sums up what each kind of record is read for', () => {
    expect(
      recordSummary(
        clinicalRecord({
          category: 'encounter',
          display: 'Office Visit',
          detail: { class: 'ambulatory', locations: ['Holy Family Hospital'], serviceProvider: 'Acme' },
        }),
      ),
    ).toBe('ambulatory · Holy Family Hospital');
    expect(
      recordSummary(
        clinicalRecord({
          category: 'immunization',
          detail: { dose: '0.5 mL', site: 'left arm', lotNumber: 'AAJN11K' },
        }),
      ),
    ).toBe('0.5 mL · left arm · lot AAJN11K');
    expect(recordSummary(clinicalRecord({ category: 'procedure', detail: {} }))).toBeUndefined();
  });
});
