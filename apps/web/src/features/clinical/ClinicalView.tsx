import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useActingPerson } from '../caregivers';
import { EmptyState } from '../layout/EmptyState';
import { LoadError } from '../layout/LoadError';
import { ClinicalSection } from './ClinicalSection';
import { SECTIONS } from './clinical-text';
import { useClinicalSummary } from './queries';

/** The Dashboard's "Clinical records" tab: conditions, procedures, medications … from every source. */
export function ClinicalView() {
  const { person, may } = useActingPerson();
  if (person && !may('clinical')) {
    return (
      <EmptyState icon={<LocalHospitalOutlined />} title="Not shared with you">
        {person.personName} has not allowed you to view their clinical records.
      </EmptyState>
    );
  }
  return <ClinicalRecords />;
}

function ClinicalRecords() {
  const summary = useClinicalSummary();
  const sourceNames = useMemo(
    () => new Map((summary.data?.sources ?? []).map((s) => [s.source, s.name])),
    [summary.data],
  );

  if (summary.isPending) {
    return (
      <Stack spacing={2} role="progressbar" aria-label="Loading clinical records">
        {SECTIONS.slice(0, 3).map((s) => (
          <Skeleton key={s.category} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  }
  if (summary.isError) {
    return (
      <LoadError
        title="Your clinical records could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const { total, categories, sources } = summary.data;
  if (total === 0) {
    return (
      <EmptyState
        icon={<LocalHospitalOutlined />}
        title="No clinical records yet"
        action={
          <Button component={RouterLink} to="/data-sources" variant="contained">
            Go to Sources
          </Button>
        }
      >
        Connect a health record (Epic, Cerner, the VA, Medicare or another EHR) on the{' '}
        <Link component={RouterLink} to="/data-sources">
          Sources page
        </Link>
        , or import a FHIR export there, to see your conditions, medications, allergies, immunizations and
        visits here.
      </EmptyState>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {total} {total === 1 ? 'record' : 'records'} from {sources.map((s) => s.name).join(', ')}
      </Typography>
      {SECTIONS.map((section) => (
        <ClinicalSection
          key={section.category}
          {...section}
          count={categories[section.category]}
          sourceNames={sourceNames}
        />
      ))}
    </Stack>
  );
}
