import FilterListOff from '@mui/icons-material/FilterListOff';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../layout/EmptyState';

/** Nothing at all yet: what brings insights, and where to go for it. */
export function NoInsights() {
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
      Insights appear once you have a few weeks of data — import an export or connect a source on the{' '}
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
