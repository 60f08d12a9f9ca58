import type { ImportContext } from '../types';
import { num, str, type FitMesg, type FitMessage } from '../shared/fit-values';

/** The bits of a message_index that number the message; the top bits are flags ("selected"). */
const INDEX_MASK = 0x0fff;

/** One person a shared scale knows: the file's user_profile message. */
interface ScaleUser {
  index: number;
  name?: string;
}

/** Whose weighings of a scale file are the account owner's, and what to tell them. */
export interface ScaleOwner {
  /** Whether a weight_scale message is the owner's. */
  owns(weighing: FitMesg): boolean;
  /** Said once when the file holds other people's weighings, or nobody's that is clearly the owner's. */
  warning?: string;
}

/**
 * A scale several people use (Garmin Index, Tanita) writes a user_profile for each and ties every
 * weighing to one by weight_scale.user_profile_index. The owner's profile is the one whose
 * friendly_name is the owner's name (given name, with or without the rest, or the email's name);
 * else the only profile, when there is one; else none, and no weighing of the file is kept. A file
 * without profiles is one person's scale: every weighing is the owner's.
 */
export function scaleOwner(messages: readonly FitMessage[], owner: ImportContext['owner']): ScaleOwner {
  const users: ScaleUser[] = [];
  for (const { name, mesg } of messages) {
    if (name !== 'userProfile') continue;
    const index = num(mesg, 'messageIndex');
    users.push({
      index: index === undefined ? users.length : index & INDEX_MASK,
      name: str(mesg, 'friendlyName'),
    });
  }
  if (users.length === 0) return { owns: () => true };
  const named = users.filter((u) => u.name !== undefined && isOwnerName(u.name, owner));
  const mine = named.length === 1 ? named[0] : users.length === 1 ? users[0] : undefined;
  const people = users.some((u) => u.name)
    ? `${users.length} people (${users.map((u) => u.name ?? 'one unnamed').join(', ')})`
    : `${users.length} people whose profiles have no name`;
  if (!mine) {
    const who = owner.name.trim() || owner.email;
    const why = !users.some((u) => u.name)
      ? ', so which are yours is not known'
      : named.length > 1
        ? ` and ${named.length} of them are named like ${who}`
        : ` and none is named ${who}`;
    return {
      owns: () => false,
      warning:
        `A scale file holds the weighings of ${people}${why}: none of them were imported. ` +
        'Give your profile on the scale your own name to import yours.',
    };
  }
  const owns = (weighing: FitMesg) => {
    const index = num(weighing, 'userProfileIndex');
    // One profile: a weighing that names none is its; several: only the ones that name it are.
    return index === undefined ? users.length === 1 : (index & INDEX_MASK) === mine.index;
  };
  if (users.length === 1) {
    return mine.name && !isOwnerName(mine.name, owner)
      ? {
          owns,
          warning: `A scale file's weighings are ${mine.name}'s, not ${owner.name.trim()}'s: check that they are yours before keeping them.`,
        }
      : { owns };
  }
  return {
    owns,
    warning: `A scale file holds the weighings of ${people}: only ${mine.name ? `${mine.name}'s` : 'yours'} were imported.`,
  };
}

const tokens = (name: string): string[] =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** "Ben" and "Benjamin" are one name; so are "E" and "Example" past the given name (an initial). */
const sameName = (a: string, b: string, initial: boolean) =>
  a === b ||
  (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a))) ||
  (initial && a.length === 1 && b.startsWith(a));

/**
 * Whether a scale profile's friendly name is the owner's: the given name first, then (if any) parts of
 * the rest of the name or initials ("Ada", "Ada E", "Ada Example"), or the name of the owner's email.
 */
export function isOwnerName(friendly: string, owner: ImportContext['owner']): boolean {
  const theirs = tokens(friendly);
  if (theirs.length === 0) return false;
  const mailName = tokens(owner.email.split('@')[0] ?? '');
  if (mailName.length > 0 && theirs.join('') === mailName.join('')) return true;
  const [given, ...rest] = tokens(owner.name);
  if (!given || !sameName(theirs[0]!, given, false)) return false;
  return theirs.slice(1).every((t) => rest.some((r) => sameName(t, r, true)));
}
