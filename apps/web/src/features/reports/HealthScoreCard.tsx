import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/day-format';
import { useHealthScore } from './queries';

/**
 * The Dashboard's health score: the number, and each part with its weight and the data behind it —
 * `compact` (the overview, where a phone has two screens for everything) keeps the parts behind a button.
 */
export function HealthScoreCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('reports');
  const score = useHealthScore();
  const [open, setOpen] = useState(!compact);
  if (!score.isSuccess) return null;
  const { data } = score;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} aria-labelledby="health-score-title">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
          <Typography id="health-score-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('score.title')}
          </Typography>
          <Typography variant="h4" component="p" data-testid="health-score-value">
            {data.score === null ? '–' : data.score}
            <Typography component="span" color="text.secondary">
              {' '}
              / 100
            </Typography>
          </Typography>
        </Stack>
        {(open || data.score === null) && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {data.score === null ? data.reason : t('score.basis', { day: formatDay(data.day) })}
          </Typography>
        )}
        {compact && (
          <Button size="small" aria-expanded={open} onClick={() => setOpen((o) => !o)} sx={{ ml: -1 }}>
            {open ? t('score.hideParts') : t('score.showParts')}
          </Button>
        )}
        <Collapse in={open}>
          <Stack spacing={0.75}>
            {data.parts.map((part) => (
              <Tooltip key={part.key} title={part.basis} placement="top-start">
                <div>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                    <Typography variant="body2">
                      {part.name}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        {t('score.weight', { weight: part.weight })}
                      </Typography>
                    </Typography>
                    <Typography variant="body2">
                      {part.score === null ? t('score.notEnough') : part.score}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={part.score ?? 0}
                    aria-label={t('score.partLabel', {
                      name: part.name,
                      value:
                        part.score === null
                          ? t('score.notEnoughLower')
                          : t('score.of100', { score: part.score }),
                      basis: part.basis,
                    })}
                  />
                </div>
              </Tooltip>
            ))}
          </Stack>
        </Collapse>
      </CardContent>
    </Card>
  );
}
