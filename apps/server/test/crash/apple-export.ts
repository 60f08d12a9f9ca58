/**
 * An Apple Health export.xml of `n` Records in Apple's layout (grouped by type, then source): steps from a
 * phone and a watch (the same walks, so days merge), heart rate, active energy and body mass.
 */
export function appleExport(n: number): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE HealthData [',
    '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>',
    ']>',
    '<HealthData locale="en_US">',
    ' <ExportDate value="2026-11-01 10:00:00 -0700"/>',
  ];
  const types = [
    ['HKQuantityTypeIdentifierStepCount', 'Ada’s iPhone', 'count', (i: number) => 80 + (i % 40)],
    ['HKQuantityTypeIdentifierStepCount', 'Ada’s Apple Watch', 'count', (i: number) => 90 + (i % 50)],
    ['HKQuantityTypeIdentifierHeartRate', 'Ada’s Apple Watch', 'count/min', (i: number) => 55 + (i % 60)],
    [
      'HKQuantityTypeIdentifierActiveEnergyBurned',
      'Ada’s Apple Watch',
      'kcal',
      (i: number) => 1 + (i % 9) / 4,
    ],
    ['HKQuantityTypeIdentifierBodyMass', 'Ada’s iPhone', 'kg', (i: number) => 60 + (i % 30) / 10],
  ] as const;
  const per = Math.ceil(n / types.length);
  const fmt = (ms: number) => {
    const d = new Date(ms - 8 * 3_600_000).toISOString();
    return `${d.slice(0, 10)} ${d.slice(11, 19)} -0800`;
  };
  let written = 0;
  for (const [type, source, unit, value] of types) {
    for (let i = 0; i < per && written < n; i++, written++) {
      // Ten-minute slots from 1 January 2024: a record every slot, so ~144 of a kind a day.
      const start = Date.UTC(2024, 0, 1, 8) + i * 600_000;
      const end = start + (type.endsWith('BodyMass') || type.endsWith('HeartRate') ? 0 : 540_000);
      out.push(
        ` <Record type="${type}" sourceName="${source}" sourceVersion="17.1" unit="${unit}" creationDate="${fmt(end)}" startDate="${fmt(start)}" endDate="${fmt(end)}" value="${value(i)}"/>`,
      );
    }
  }
  out.push('</HealthData>', '');
  return out.join('\n');
}
