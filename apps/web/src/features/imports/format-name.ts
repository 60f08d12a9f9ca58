import type { SupportedImportFormat } from '@healthfolio/core';
import type { TFunction } from 'i18next';
import { i18n } from '../../i18n';

/**
 * A format as people call it, in their language. The server sends each format's id with its English label,
 * which stands in for a format this version of the web has no words for.
 */
export function formatName(t: TFunction<'imports'>, { format, label }: SupportedImportFormat): string {
  const key = `formats.${format}` as 'formats.oura';
  return i18n.exists(key, { ns: 'imports' }) ? t(key) : label;
}
