import type { SampleCode } from '@healthfolio/core';
import type { CodeableConcept, Coding } from './fhir-types';

export const LOINC = 'http://loinc.org';

/** The codings of a CodeableConcept that are objects. */
export function codings(concept: unknown): Coding[] {
  const list = (concept as CodeableConcept | undefined)?.coding;
  return Array.isArray(list) ? list.filter((c): c is Coding => typeof c === 'object' && c !== null) : [];
}

export function conceptText(concept: unknown): string | undefined {
  const text = (concept as CodeableConcept | undefined)?.text;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
}

/** What people would call the concept: its text, else the first coding's display, else its code. */
export function conceptName(concept: unknown): string | undefined {
  const list = codings(concept);
  return conceptText(concept) ?? str(list.find((c) => str(c.display))?.display) ?? str(list[0]?.code);
}

/** The code in `system`, when the concept has one. */
export function codeIn(concept: unknown, system: string): string | undefined {
  return str(codings(concept).find((c) => c.system === system && str(c.code))?.code);
}

/**
 * A SampleCode from the first coding (system, code) and the best display: the coding's own display,
 * the concept's text, else the code itself. Undefined when the concept holds nothing to show.
 */
export function sampleCode(concept: unknown): SampleCode | undefined {
  const first = codings(concept)[0];
  const display = str(first?.display) ?? conceptText(concept) ?? str(first?.code);
  if (display === undefined) return undefined;
  const code: SampleCode = { display };
  if (str(first?.system)) code.system = first!.system!;
  if (str(first?.code)) code.code = first!.code!;
  return code;
}

/** A non-empty trimmed string, or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A finite number, or undefined. */
export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
