import FilterListOff from '@mui/icons-material/FilterListOff';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../layout/EmptyState';
import { useInsightsCoverage } from './queries';

/** What "No insights yet" says: how much data there is against what the first insights need. */
export function coverageText(
  coverage: { dataDays: number; daysNeeded: number },
  t: TFunction<'insights'>,
): string {
  const { dataDays, daysNeeded } = coverage;
  const days = (n: number) => t('empty.days', { count: n });
  if (dataDays >= daysNeeded) return t('empty.nothingStandsOut', { days: days(dataDays) });
  if (dataDays === 0) return t('empty.noneYet', { needed: days(daysNeeded) });
  return t('empty.someDays', {
    needed: days(daysNeeded),
    have: days(dataDays),
    left: days(daysNeeded - dataDays),
  });
}

/** Nothing at all yet: how much more data is needed, what brings it, and where to go for it. */
export function NoInsights() {
  const { t } = useTranslation('insights');
  const coverage = useInsightsCoverage();
  return (
    <EmptyState
      icon={<InsightsOutlined />}
      title={t('empty.title')}
      action={
        <Button component={RouterLink} to="/data-sources" variant="contained">
          {t('empty.goToSources')}
        </Button>
      }
    >
      {coverage.data ? `${coverageText(coverage.data, t)} ` : `${t('empty.fewWeeks')} `}
      <Trans
        t={t}
        i18nKey="empty.howTo"
        components={{ sources: <Link component={RouterLink} to="/data-sources" /> }}
      />
    </EmptyState>
  );
}

/** Insights exist, but none of this type or severity. */
export function NoMatchingInsights({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('insights');
  return (
    <EmptyState
      icon={<FilterListOff />}
      title={t('noMatch.title')}
      action={
        <Button variant="outlined" onClick={onClear}>
          {t('noMatch.showAll')}
        </Button>
      }
    >
      {t('noMatch.text')}
    </EmptyState>
  );
}
