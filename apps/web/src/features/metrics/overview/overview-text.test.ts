import { describe, expect, it } from 'vitest';
import { ageText, againstUsual, sourceName } from './overview-text';

describe('overview text', () => {
  it('says how old a value is in words people use', () => {
    expect(ageText(0)).toBe('today');
    expect(ageText(1)).toBe('yesterday');
    expect(ageText(9)).toBe('9 days ago');
    expect(ageText(21)).toBe('3 weeks ago');
    expect(ageText(40)).toBe('5 weeks ago');
    expect(ageText(95)).toBe('3 months ago');
    expect(ageText(400)).toBe('1 year ago');
    expect(ageText(800)).toBe('2 years ago');
  });

  it('names sources, never by their ids', () => {
    expect(sourceName('apple_healthkit')).toBe('Apple Health');
    expect(sourceName('quest_diagnostics')).toBe('Quest Diagnostics');
    expect(sourceName('garmin')).toBe('Garmin');
    expect(sourceName('manual')).toBe('Entered by you');
    expect(sourceName('*')).toBe('All your sources');
    expect(sourceName('my_scale')).toBe('My scale');
  });

  it('puts today against the usual by now', () => {
    const show = (v: number) => `${v} steps`;
    expect(againstUsual(300, 400, show)).toBe('100 steps below your usual by now');
    expect(againstUsual(500, 400, show)).toBe('100 steps above your usual by now');
    expect(againstUsual(410, 400, show)).toBe('About your usual by now');
  });
});
