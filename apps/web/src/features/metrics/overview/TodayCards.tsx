import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OverviewCard, TodaySoFar, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../format';
import { kindLabel } from '../words';
import { CardLink, metricPath } from './CardLink';
import { againstUsual, ageText } from './overview-text';
import { Sparkline } from './Sparkline';
import { sparkSummary } from './spark-summary';

/** One kind today: the total so far against the usual by now, with its last 30 days. */
function TodayRow({ today, item, system }: { today: TodaySoFar; item: OverviewCard; system: UnitSystem }) {
  const { t } = useTranslation('dashboard');
  const show = (v: number) => formatValue(today.type, v, system);
  const label = kindLabel(today.type);
  const usual = today.usual;
  // Nothing has come in today yet (a watch not synced): no false "below your usual".
  const nothingYet = today.value === 0 && item.ageDays > 0;
  const note = nothingYet
    ? t('today.nothingYet', { age: ageText(item.ageDays) }) +
      (usual !== null ? t('today.usualByNow', { usual: show(usual) }) : '')
    : usual === null
      ? t('today.notEnoughDays', { days: today.usualDays })
      : t('today.againstUsual', { against: againstUsual(today.value, usual, show), usual: show(usual) });
  return (
    <Box data-testid={`overview-today-${today.type}`} sx={{ position: 'relative', py: 0.75 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" noWrap>
              <CardLink to={metricPath(today.type)}>{t('today.kindToday', { kind: label })}</CardLink>
            </Typography>
            <Typography variant="subtitle1" component="p" data-testid="metric-value" sx={{ fontWeight: 600 }}>
              {nothingYet ? '—' : show(today.value)}
            </Typography>
          </Stack>
          {!nothingYet && usual !== null && usual > 0 && (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (100 * today.value) / usual)}
              aria-label={t('today.progress', { kind: label, value: show(today.value), usual: show(usual) })}
              sx={{ my: 0.25, height: 5, borderRadius: 3 }}
            />
          )}
          <Typography variant="caption" color="text.secondary" component="p" data-testid="today-note">
            {note}
          </Typography>
        </Box>
        <Box sx={{ width: 96, flexShrink: 0 }}>
          <Sparkline values={item.spark} bars label={sparkSummary(item, system)} />
        </Box>
      </Stack>
    </Box>
  );
}

/** Today so far (steps, active energy, exercise), one row each, in one card. */
export function TodayCard({
  rows,
  system,
}: {
  rows: readonly { today: TodaySoFar; item: OverviewCard }[];
  system: UnitSystem;
}) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ py: 0.75, px: 1.5, '&:last-child': { pb: 0.75 } }}>
        {rows.map((r) => (
          <TodayRow key={r.today.type} today={r.today} item={r.item} system={system} />
        ))}
      </CardContent>
    </Card>
  );
}
