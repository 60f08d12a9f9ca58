import { parseTime } from '@healthfolio/core';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const US_DATE = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2}) ?([AP]M)$/i;

/**
 * Epoch ms of an activities.csv "Activity Date". Strava writes it in UTC as "Jan 5, 2024, 7:15:03 AM";
 * an ISO form ("2024-01-05 07:15:03") is read as UTC too.
 */
export function parseActivityDate(text: string): number | undefined {
  const t = text.trim();
  const m = US_DATE.exec(t);
  if (!m) return parseTime(t, 'UTC')?.ms;
  const month = MONTHS.indexOf(m[1]!.toLowerCase());
  let hour = Number(m[4]);
  if (month < 0 || hour < 1 || hour > 12) return undefined;
  if (m[7]!.toUpperCase() === 'PM' && hour !== 12) hour += 12;
  if (m[7]!.toUpperCase() === 'AM' && hour === 12) hour = 0;
  const ms = Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5]), Number(m[6]));
  return new Date(ms).getUTCDate() === Number(m[2]) ? ms : undefined;
}
