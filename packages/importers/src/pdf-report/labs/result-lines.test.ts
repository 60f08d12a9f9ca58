import { describe, expect, it } from 'vitest';
import { resultLine } from './result-lines';

describe('result lines without a header, by their shape', () => {
  it.each([
    ['Glucose 92 mg/dL 70-99', { name: 'Glucose', value: '92', unit: 'mg/dL', range: '70-99' }],
    [
      'Hemoglobin 11.2 L g/dL (11.7-15.5)',
      { name: 'Hemoglobin', value: '11.2 L', unit: 'g/dL', range: '(11.7-15.5)' },
    ],
    ['TSH H 8.52 mIU/mL 0.40 - 4.04', { name: 'TSH', value: 'H 8.52', unit: 'mIU/mL', range: '0.40 - 4.04' }],
    ['Vitamin B12 450 pg/mL 200-900', { name: 'Vitamin B12', value: '450', unit: 'pg/mL', range: '200-900' }],
    [
      'eGFR 108 mL/min/1.73 m2 60 or more',
      { name: 'eGFR', value: '108', unit: 'mL/min/1.73 m2', range: '60 or more' },
    ],
    ['WBC 6.3 x 10^9/L 4.0-11.0', { name: 'WBC', value: '6.3', unit: 'x 10^9/L', range: '4.0-11.0' }],
    ['Cholesterol 212 < 200 mg/dL H', { name: 'Cholesterol', value: '212 H', range: '< 200 mg/dL' }],
    ['CRP < 0.5 mg/L 0.0-5.0', { name: 'CRP', value: '< 0.5', unit: 'mg/L', range: '0.0-5.0' }],
    [
      'Lipoprotein (a) 45 nmol/L < 75',
      { name: 'Lipoprotein (a)', value: '45', unit: 'nmol/L', range: '< 75' },
    ],
    ['Ferritin 18 ng/mL', { name: 'Ferritin', value: '18', unit: 'ng/mL' }],
  ])('%j', (line, printed) => {
    expect(resultLine(line)).toEqual({ unit: undefined, range: undefined, ...printed });
  });

  it('reads decimal commas where the report writes them', () => {
    expect(resultLine('Kalium 5,6 + mmol/l 3,5 - 5,1', { decimalComma: true })).toEqual({
      name: 'Kalium',
      value: '5,6 +',
      unit: 'mmol/l',
      range: '3,5 - 5,1',
    });
  });

  it.each([
    'Patient Name: Ada Example',
    'DOB: 05/17/1990',
    'Page 1 of 2',
    'Fasting: 12 hours',
    'Results reviewed by Dr. K. House on 10/04/2026.',
    '88 Northgate Avenue, Eugene, OR 97401',
    'Unknown thing 12',
    'Specimen: whole blood, 2 tubes',
  ])('is not a result: %j', (line) => {
    expect(resultLine(line)).toBeUndefined();
  });
});
