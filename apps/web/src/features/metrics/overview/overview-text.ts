import { getSource } from '@healthfolio/core';
import { formatNumber } from '../format';

/** "today", "yesterday", "3 days ago", "3 weeks ago", "2 months ago", "over a year ago". */
export function ageText(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 365) return `${Math.floor(days / 30)} months ago`;
  const years = Math.floor(days / 365);
  return years === 1 ? 'a year ago' : `${years} years ago`;
}

/** Where a value came from, in words: the provider's name, never its id ("apple_healthkit" → "Apple Health"). */
export function sourceName(id: string): string {
  if (id === '*') return 'All your sources';
  if (id === 'manual') return 'Entered by you';
  const known = getSource(id)?.name;
  if (known) return known;
  // A custom source's id: readable words rather than an identifier.
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}

/** "1,200 more than usual by now", "300 fewer", "about usual". */
export function againstUsual(value: number, usual: number, format: (v: number) => string): string {
  const diff = value - usual;
  if (diff === 0 || (usual > 0 && Math.abs(diff) / usual < 0.05)) return 'About your usual by now';
  return `${format(Math.abs(diff))} ${diff > 0 ? 'above' : 'below'} your usual by now`;
}

/** "82 % of readings in range". */
export const percentText = (share: number): string => `${formatNumber(share * 100, 0)} %`;
