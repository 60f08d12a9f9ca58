import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OverviewCard, UnitSystem } from '@healthfolio/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagChip } from '../FlagChip';
import { formatValue } from '../format';
import { latestText } from '../latest-text';
import { kindLabel } from '../words';
import { CardLink, metricPath } from './CardLink';
import { ageText } from './overview-text';
import { SourceLabel } from './SourceLabel';
import { Sparkline } from './Sparkline';
import { sparkSummary } from './spark-summary';

interface OverviewMetricCardProps {
  item: OverviewCard;
  system: UnitSystem;
  /** Shown under the value when the value is current ("Usual 50 bpm"). */
  note?: ReactNode;
  /** Replaces the value line (today so far, last night). */
  children?: ReactNode;
  /** Overrides the card's title. */
  title?: string;
  /** `overview-<testId>` (default: the kind). */
  testId?: string;
  /** Without its own card: one of several kinds in a shared card. */
  bare?: boolean;
}

/**
 * One metric on the Dashboard: its value when current, or else the last one labelled with its age and
 * not as today's; its last 30 days; its source by name. The whole card leads to the metric's page.
 */
export function OverviewMetricCard({
  item,
  system,
  note,
  children,
  title,
  testId,
  bare = false,
}: OverviewMetricCardProps) {
  const { t } = useTranslation(['dashboard', 'metrics']);
  const label = title ?? kindLabel(item.type);
  const baseline =
    item.baseline !== null && !item.stale && item.aggregation !== 'sum'
      ? t('card.usual', { value: formatValue(item.type, item.baseline, system) })
      : undefined;
  return (
    // Not an article: "All your metrics" below holds each kind's article, named by its label.
    <Box
      component={bare ? 'div' : Card}
      {...(bare ? {} : { variant: 'outlined' as const })}
      data-testid={`overview-${testId ?? item.type}`}
      sx={{
        height: bare ? undefined : '100%',
        position: 'relative',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary" noWrap>
          <CardLink to={metricPath(item.type)}>{label}</CardLink>
        </Typography>
        {children ??
          (item.stale ? (
            <Stack spacing={0.5} sx={{ my: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {t('card.nothingRecent')}{' '}
                <span data-testid="metric-last">{t('card.last', { value: latestText(item, system) })}</span>
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color="warning"
                label={ageText(item.ageDays)}
                data-testid="metric-age"
                sx={{ alignSelf: 'flex-start' }}
              />
            </Stack>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" component="p" data-testid="metric-value">
                {latestText(item, system)}
              </Typography>
              <FlagChip flag={item.latest.flag} />
              {item.latest.sandbox && (
                <Chip size="small" variant="outlined" color="warning" label={t('metrics:sandbox.chip')} />
              )}
            </Stack>
          ))}
        {!item.stale && (note ?? baseline) && (
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            {note ?? baseline}
          </Typography>
        )}
        <Sparkline values={item.spark} bars={item.aggregation === 'sum'} label={sparkSummary(item, system)} />
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}
        >
          {/* A merged day total has several sources: "Why this number?" on its page names them. */}
          {item.latest.source === '*' ? <span /> : <SourceLabel source={item.latest.source} />}
          {!item.stale && (
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {ageText(item.ageDays)}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Box>
  );
}
