import Add from '@mui/icons-material/Add';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth';
import { lazyPage } from '../app/chunk-load';
import { useActingPerson } from '../features/caregivers';
import { InsightsPanel } from '../features/insights';
import { OnboardingChecklist } from '../features/onboarding';
import { HealthScoreCard } from '../features/reports/HealthScoreCard';
import { PageSpinner, useDocumentTitle } from '../features/layout';
import { AfterFirstPaint } from '../features/layout/AfterFirstPaint';
import { EmptyState } from '../features/layout/EmptyState';
import { LoadError } from '../features/layout/LoadError';
import {
  AddMeasurementDialog,
  DashboardSkeleton,
  MetricGroups,
  TodayOverview,
  useMetricsOverview,
} from '../features/metrics';
import { metricPath } from '../features/metrics/overview/CardLink';

// The clinical tab is opened far less than the metrics: its code loads when it is (a failed load is a
// ChunkLoadError on the error page, as for any page).
const ClinicalView = lazyPage('ClinicalView', () => import('../features/clinical'), 'ClinicalView');

export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'metrics', 'sleep', 'goals']);
  useDocumentTitle(t('title'));
  const { profile, user } = useAuth();
  const name = profile?.name || user?.name;
  // A caregiver viewing a person: their name on top, and only what the grant allows.
  const { person, may } = useActingPerson();
  // One call for every metric card: the overview and "All your metrics" below it.
  const summary = useMetricsOverview();
  // The tab lives in the URL (?tab=clinical) so it survives a reload and can be linked to.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'clinical' ? 'clinical' : 'metrics';
  const showTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'clinical') updated.set('tab', 'clinical');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState(false);
  const items = summary.data?.items ?? [];
  const addButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<Add />} onClick={() => setAdding(true)}>
      {t('add')}
    </Button>
  );

  const metricsView = (
    <>
      {summary.isPending && <DashboardSkeleton />}
      {summary.isError && (
        <LoadError title={t('loadError')} error={summary.error} onRetry={() => void summary.refetch()} />
      )}
      {summary.isSuccess && items.length === 0 && <HealthScoreCard />}
      {summary.isSuccess && items.length === 0 && <InsightsPanel />}
      {summary.isSuccess && items.length === 0 && (
        <EmptyState
          icon={<MonitorHeartOutlined />}
          title={t('empty.title')}
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              <Button component={RouterLink} to="/data-sources" variant="contained">
                {t('empty.toSources')}
              </Button>
              {may('entries') && addButton('outlined')}
            </Stack>
          }
        >
          {t('empty.body')}
        </EmptyState>
      )}
      {items.length > 0 && profile?.settings.preferences.includeSandboxData && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans
            t={t}
            i18nKey="sandbox"
            components={{ settings: <Link component={RouterLink} to="/settings" /> }}
          />
        </Alert>
      )}
      {items.length > 0 && summary.data && (
        <TodayOverview
          overview={summary.data}
          after={
            <>
              <InsightsPanel />
              <HealthScoreCard compact />
            </>
          }
        />
      )}
      {items.length > 0 && (
        // Below the fold: the first paint shows today's overview without waiting for it.
        <AfterFirstPaint>
          <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 2 }}>
            {t('allMetrics')}
          </Typography>
          <MetricGroups items={items} />
        </AfterFirstPaint>
      )}
    </>
  );

  // A chart once opened in the Dashboard (?metric=) now has its own page.
  const metricParam = params.get('metric');
  if (metricParam) return <Navigate replace to={metricPath(metricParam)} />;

  return (
    <>
      <Stack
        direction="row"

        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {person
            ? t('heading.person', { name: person.personName })
            : name
              ? t('heading.named', { name })
              : t('heading.plain')}
        </Typography>
        {tab === 'metrics' && items.length > 0 && may('entries') && addButton('contained')}
      </Stack>
      {!person && <OnboardingChecklist />}
      <Tabs
        value={tab}
        onChange={(_, next: string) => showTab(next)}
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          label={t('tabs.metrics')}
          value="metrics"
          id="dashboard-tab-metrics"
          aria-controls="dashboard-panel"
        />
        <Tab
          label={t('tabs.clinical')}
          value="clinical"
          id="dashboard-tab-clinical"
          aria-controls="dashboard-panel"
        />
      </Tabs>
      <div role="tabpanel" id="dashboard-panel" aria-labelledby={`dashboard-tab-${tab}`}>
        {tab === 'clinical' ? (
          <Suspense fallback={<PageSpinner />}>
            <ClinicalView />
          </Suspense>
        ) : (
          metricsView
        )}
      </div>
      <AddMeasurementDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          setSaved(true);
        }}
      />
      <Snackbar open={saved} autoHideDuration={5000} onClose={() => setSaved(false)} message={t('saved')} />
    </>
  );
}
