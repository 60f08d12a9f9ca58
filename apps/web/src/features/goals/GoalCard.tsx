import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Goal, UnitSystem } from '@healthfolio/core';
import { useId } from 'react';
import { currentText, goalName, goalSentence, predictionText, streakText } from './goal-text';
import { GoalHistoryBars } from './GoalHistoryBars';
import { useTranslation } from 'react-i18next';

interface GoalCardProps {
  goal: Goal;
  system: UnitSystem;
  onEdit: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
}

/** One goal: the target in words, where this period stands, the streak, the history and the outlook. */
export function GoalCard({ goal, system, onEdit, onDelete }: GoalCardProps) {
  const { t } = useTranslation('goals');
  const titleId = useId();
  const { progress } = goal;
  const sentence = goalSentence(goal, system);
  const name = goalName(goal, system);
  const percent = Math.round(Math.min(100, Math.max(0, progress.percent)));
  const streak = streakText(goal);
  const prediction = predictionText(goal);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="goal-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {name}
        </Typography>
        {sentence !== name && (
          <Typography variant="body2" color="text.secondary" data-testid="goal-target">
            {sentence}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 2 }}
        >
          <Typography variant="subtitle1" component="p" data-testid="goal-current">
            {currentText(goal, system)}
          </Typography>
          {progress.met ? (
            <Chip size="small" color="success" icon={<CheckCircle />} label={t('card.met')} />
          ) : (
            <Chip size="small" variant="outlined" label={t('card.notMet')} />
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('card.progress', { name })}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <Typography
            variant="body2"
            data-testid="goal-percent"
            sx={{ minWidth: '3.5em', textAlign: 'right' }}
          >
            {percent} %
          </Typography>
        </Stack>
        {streak && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1 }}>
            <LocalFireDepartmentOutlined fontSize="small" color="action" aria-hidden />
            <Typography variant="body2" color="text.secondary" data-testid="goal-streak">
              {streak}
            </Typography>
          </Stack>
        )}
        <GoalHistoryBars goal={goal} system={system} />
        {prediction && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="goal-prediction">
            {prediction}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button
          size="small"
          startIcon={<EditOutlined />}
          onClick={() => onEdit(goal)}
          aria-label={t('card.edit', { name })}
        >
          {t('common:actions.edit')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlined />}
          onClick={() => onDelete(goal)}
          aria-label={t('card.delete', { name })}
        >
          {t('common:actions.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
