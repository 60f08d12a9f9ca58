import type { HumanName, Resource } from './fhir-types';

/** Lower-case words without accents: "José  Núñez-García" → ["jose", "nunez", "garcia"]. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

function names(patient: Resource): HumanName[] {
  return Array.isArray(patient.name)
    ? (patient.name as HumanName[]).filter((n) => typeof n === 'object' && n)
    : [];
}

function given(name: HumanName): string[] {
  return Array.isArray(name.given) ? name.given.filter((g): g is string => typeof g === 'string') : [];
}

/**
 * How the patient is called: the official name if any, given names then family (EHRs often write the
 * text "Family, Given"), else its text.
 */
export function patientDisplayName(patient: Resource): string | undefined {
  const all = names(patient);
  const name = all.find((n) => n.use === 'official') ?? all.find((n) => n.use !== 'old') ?? all[0];
  if (!name) return undefined;
  const parts = [...given(name), typeof name.family === 'string' ? name.family : ''].filter(
    (p) => p.trim() !== '',
  );
  if (parts.length > 0) return parts.join(' ');
  return typeof name.text === 'string' && name.text.trim() !== '' ? name.text.trim() : undefined;
}

/**
 * Whether any of the patient's names is the owner's: the owner's first and last words both among the
 * name's words, or the name's first given and family both among the owner's. Case, accents, order and
 * middle names do not matter. A patient or owner without a name is not held against the upload.
 */
export function isOwner(patient: Resource, ownerName: string): boolean {
  const owner = nameWords(ownerName);
  const candidates = names(patient);
  if (owner.length === 0 || candidates.length === 0) return true;
  const ownerFirst = owner[0]!;
  const ownerLast = owner[owner.length - 1]!;
  return candidates.some((name) => {
    const words = nameWords([...given(name), name.family ?? '', name.text ?? ''].join(' '));
    if (words.length === 0) return false;
    if (words.includes(ownerFirst) && words.includes(ownerLast)) return true;
    const first = nameWords(given(name)[0] ?? '')[0];
    const family = nameWords(name.family ?? '');
    return (
      first !== undefined &&
      family.length > 0 &&
      owner.includes(first) &&
      family.every((w) => owner.includes(w))
    );
  });
}

export function notYoursWarning(patientName: string, ownerName: string): string {
  return (
    `This file holds the records of ${patientName}, not yours (${ownerName}). ` +
    'They were imported; keep them apart if they belong to someone else.'
  );
}
