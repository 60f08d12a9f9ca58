import FilterListOff from '@mui/icons-material/FilterListOff';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../layout/EmptyState';
import { useInsightsCoverage } from './queries';

/** What "No insights yet" says: how much data there is against what the first insights need. */
export function coverageText(coverage: { dataDays: number; daysNeeded: number }): string {
  const { dataDays, daysNeeded } = coverage;
  const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
  if (dataDays >= daysNeeded)
    return (
      `You have ${days(dataDays)} of data and nothing in it stands out yet: no steady change, unusual day or ` +
      'clear link. Insights are looked for again after every import or sync, and once a day.'
    );
  if (dataDays === 0) return `Insights need about ${days(daysNeeded)} of data, and you have none yet.`;
  return `Insights need about ${days(daysNeeded)} of data; you have ${days(dataDays)}, about ${days(daysNeeded - dataDays)} to go.`;
}

/** Nothing at all yet: how much more data is needed, what brings it, and where to go for it. */
export function NoInsights() {
  const coverage = useInsightsCoverage();
  return (
    <EmptyState
      icon={<InsightsOutlined />}
      title="No insights yet"
      action={
        <Button component={RouterLink} to="/data-sources" variant="contained">
          Go to Sources
        </Button>
      }
    >
      {coverage.data
        ? `${coverageText(coverage.data)} `
        : 'Insights appear once you have a few weeks of data. '}
      Import an export or connect a source on the{' '}
      <Link component={RouterLink} to="/data-sources">
        Sources page
      </Link>
      .
    </EmptyState>
  );
}

/** Insights exist, but none of this type or severity. */
export function NoMatchingInsights({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<FilterListOff />}
      title="No insights match these filters"
      action={
        <Button variant="outlined" onClick={onClear}>
          Show all insights
        </Button>
      }
    >
      Try another type or severity, or show all insights.
    </EmptyState>
  );
}
