import { i18n } from '../../i18n';

/** How an out-of-range flag reads: never colour alone. */
export interface FlagDisplay {
  label: string;
  severity: 'high' | 'low' | 'abnormal';
}

/** Labs and devices write flags as "high", "H", "HH", "L", "LL", "A", "abnormal", "critical high" … */
export function describeFlag(flag: string | null | undefined): FlagDisplay | undefined {
  if (!flag) return undefined;
  const f = flag.trim().toLowerCase();
  if (f === '' || f === 'normal' || f === 'n') return undefined;
  if (f === 'h' || f === 'hh' || f.includes('high'))
    return { label: i18n.t('metrics:flags.high'), severity: 'high' };
  if (f === 'l' || f === 'll' || f.includes('low'))
    return { label: i18n.t('metrics:flags.low'), severity: 'low' };
  return { label: i18n.t('metrics:flags.abnormal'), severity: 'abnormal' };
}
