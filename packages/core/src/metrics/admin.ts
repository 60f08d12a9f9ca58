import { defineMetric } from './define';

/** Coded facts from clinical and claims records (FHIR, Blue Button), plus user-defined metrics. */
export const administrativeMetrics = [
  defineMetric({
    kind: 'diagnosis',
    label: 'Diagnosis',
    category: 'administrative',
    unit: null,
    valueType: 'coded',
    aggregation: 'last',
    aliases: ['condition', 'diagnoses', 'problem'],
  }),
  defineMetric({
    kind: 'procedure',
    label: 'Procedure',
    category: 'administrative',
    unit: null,
    valueType: 'coded',
    aggregation: 'last',
    aliases: ['procedures'],
  }),
  defineMetric({
    kind: 'medical_service',
    label: 'Medical service',
    category: 'administrative',
    unit: null,
    valueType: 'coded',
    aggregation: 'last',
    aliases: ['medical_services', 'service', 'claim_service'],
  }),
  defineMetric({
    kind: 'insurance_coverage',
    label: 'Insurance coverage',
    category: 'administrative',
    unit: null,
    valueType: 'coded',
    aggregation: 'last',
    aliases: ['coverage', 'insurance'],
  }),
  defineMetric({
    kind: 'custom',
    label: 'Custom',
    category: 'custom',
    unit: null,
    valueType: 'quantity',
    aggregation: 'last',
    aliases: [],
  }),
] as const;
