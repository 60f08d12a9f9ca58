import { getSource } from '@healthfolio/core';
import { i18n } from '../../../i18n';
import { formatNumber } from '../format';

export { ageText } from '../words';

/** Where a value came from, in words: the provider's name, never its id ("apple_healthkit" → "Apple Health"). */
export function sourceName(id: string): string {
  if (id === '*') return i18n.t('metrics:source.all');
  if (id === 'manual') return i18n.t('metrics:source.manual');
  const known = getSource(id)?.name;
  if (known) return known;
  // A custom source's id: readable words rather than an identifier.
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}

/** "1,200 more than usual by now", "300 fewer", "about usual". */
export function againstUsual(value: number, usual: number, format: (v: number) => string): string {
  const diff = value - usual;
  if (diff === 0 || (usual > 0 && Math.abs(diff) / usual < 0.05)) return i18n.t('dashboard:today.aboutUsual');
  return i18n.t(diff > 0 ? 'dashboard:today.aboveUsual' : 'dashboard:today.belowUsual', {
    amount: format(Math.abs(diff)),
  });
}

/** "82 % of readings in range". */
export const percentText = (share: number): string => `${formatNumber(share * 100, 0)} %`;
