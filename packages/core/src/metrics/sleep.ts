import { defineMetric, sameDisplay } from './define';

/** Sleep beyond time asleep (sleep_duration sits with the activity kinds). */
export const sleepMetrics = [
  defineMetric({
    // Time in bed, asleep or not, as a sleep schedule or tracker records it; a night counts for the day you wake up.
    kind: 'time_in_bed',
    label: 'Time in bed',
    category: 'sleep',
    unit: 'min',
    display: sameDisplay('h', 1),
    valueType: 'duration',
    aggregation: 'sum',
    plausible: { min: 0, max: 1440 },
    aliases: ['in_bed', 'in_bed_time', 'sleep_in_bed', 'bed_time_minutes'],
  }),
] as const;
