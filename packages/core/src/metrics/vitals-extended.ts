import { defineMetric, sameDisplay } from './define';

/**
 * Vital signs beyond the core set: heart rate while walking and after exercise, resting temperatures,
 * lung function, blood alcohol and insulin — what watches, thermometers, peak-flow meters and pumps record.
 */
export const extendedVitalMetrics = [
  defineMetric({
    kind: 'walking_heart_rate',
    label: 'Walking heart rate',
    category: 'vitals',
    unit: '/min',
    display: sameDisplay('/min', 0, 'bpm'),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 20, max: 300 },
    aliases: ['walking_heart_rate_average', 'walking_hr', 'walking_pulse'],
  }),
  defineMetric({
    // How far the heart rate falls in the first minute after exercise.
    kind: 'heart_rate_recovery',
    label: 'Heart rate recovery',
    category: 'vitals',
    unit: '/min',
    display: sameDisplay('/min', 0, 'bpm'),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 0, max: 200 },
    aliases: ['heart_rate_recovery_one_minute', 'hrr', 'cardio_recovery'],
  }),
  defineMetric({
    kind: 'basal_body_temperature',
    label: 'Basal body temperature',
    category: 'vitals',
    unit: 'Cel',
    display: { metric: { unit: 'Cel', precision: 2 }, imperial: { unit: '[degF]', precision: 2 } },
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 30, max: 45 },
    aliases: ['bbt', 'basal_temperature', 'basal_temp'],
  }),
  defineMetric({
    // The wrist's skin temperature during sleep, from which watches derive a nightly deviation.
    kind: 'sleeping_wrist_temperature',
    label: 'Sleeping wrist temperature',
    category: 'vitals',
    unit: 'Cel',
    display: { metric: { unit: 'Cel', precision: 2 }, imperial: { unit: '[degF]', precision: 2 } },
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 20, max: 45 },
    aliases: ['wrist_temperature', 'apple_sleeping_wrist_temperature'],
  }),
  defineMetric({
    kind: 'peak_expiratory_flow',
    label: 'Peak expiratory flow',
    category: 'vitals',
    unit: 'L/min',
    display: sameDisplay('L/min', 0),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 30, max: 1000 },
    aliases: ['peak_expiratory_flow_rate', 'peak_flow', 'pef', 'pefr'],
  }),
  defineMetric({
    kind: 'blood_alcohol',
    label: 'Blood alcohol',
    category: 'vitals',
    unit: '%',
    display: sameDisplay('%', 3),
    valueType: 'quantity',
    aggregation: 'avg',
    plausible: { min: 0, max: 1 },
    aliases: ['blood_alcohol_content', 'blood_alcohol_concentration', 'bac'],
  }),
  defineMetric({
    // Units delivered by a pump or pen; basal and bolus alike.
    kind: 'insulin_delivery',
    label: 'Insulin',
    category: 'vitals',
    unit: '[IU]',
    display: sameDisplay('[IU]', 1, 'units'),
    valueType: 'quantity',
    aggregation: 'sum',
    plausible: { min: 0, max: 500 },
    aliases: ['insulin', 'insulin_dose', 'insulin_units'],
  }),
] as const;
