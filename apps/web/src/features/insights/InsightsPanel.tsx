import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useActingPerson } from '../caregivers';
import { importantFirst } from './insight-text';
import { noFilter, useInsights } from './queries';
import { SeverityChip } from './SeverityChip';

const SHOWN = 3;

/** The Dashboard's few newest important insights; nothing at all while there are none. */
export function InsightsPanel() {
  // A caregiver whose grant does not include insights sees no panel (and asks for none).
  return useActingPerson().may('insights') ? <NewestInsights /> : null;
}

function NewestInsights() {
  const { t } = useTranslation('insights');
  const headingId = useId();
  const insights = useInsights(noFilter);
  const items = importantFirst(insights.data ?? [], SHOWN);
  if (items.length === 0) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 4 }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('title')}
        </Typography>
        <Link component={RouterLink} to="/insights">
          {t('panel.seeAll')}
        </Link>
      </Stack>
      <List dense disablePadding>
        {items.map((insight) => (
          <ListItem key={insight.id} disableGutters sx={{ alignItems: 'flex-start', gap: 1.5 }}>
            <SeverityChip severity={insight.severity} />
            <div>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {insight.title}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {insight.description}
              </Typography>
            </div>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
