import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useActingPerson } from '../caregivers';
import { EmptyState } from '../layout/EmptyState';
import { LoadError } from '../layout/LoadError';
import { ClinicalSection } from './ClinicalSection';
import { SECTIONS } from './clinical-text';
import { useClinicalSummary } from './queries';
import { currentLocale } from '../../i18n';

/** The Dashboard's "Clinical records" tab: conditions, procedures, medications … from every source. */
export function ClinicalView() {
  const { t } = useTranslation('clinical');
  const { person, may } = useActingPerson();
  if (person && !may('clinical')) {
    return (
      <EmptyState icon={<LocalHospitalOutlined />} title={t('view.notShared')}>
        {t('view.notSharedBody', { name: person.personName })}
      </EmptyState>
    );
  }
  return <ClinicalRecords />;
}

function ClinicalRecords() {
  const { t } = useTranslation('clinical');
  const summary = useClinicalSummary();
  const sourceNames = useMemo(
    () => new Map((summary.data?.sources ?? []).map((s) => [s.source, s.name])),
    [summary.data],
  );

  if (summary.isPending) {
    return (
      <Stack spacing={2} role="progressbar" aria-label={t('view.loading')}>
        {SECTIONS.slice(0, 3).map((s) => (
          <Skeleton key={s.category} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  }
  if (summary.isError) {
    return (
      <LoadError title={t('view.loadError')} error={summary.error} onRetry={() => void summary.refetch()} />
    );
  }
  const { total, categories, sources } = summary.data;
  if (total === 0) {
    return (
      <EmptyState
        icon={<LocalHospitalOutlined />}
        title={t('view.emptyTitle')}
        action={
          <Button component={RouterLink} to="/data-sources" variant="contained">
            {t('view.goToSources')}
          </Button>
        }
      >
        <Trans
          t={t}
          i18nKey="view.emptyBody"
          components={{ action: <Link component={RouterLink} to="/data-sources" /> }}
        />
      </EmptyState>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {t('recordsFrom', {
          count: total,
          n: total.toLocaleString(currentLocale()),
          sources: sources.map((s) => s.name).join(', '),
        })}
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
