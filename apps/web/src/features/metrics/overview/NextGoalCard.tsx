import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Goal, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { currentText, goalName } from '../../goals/goal-text';
import { useGoals } from '../../goals/queries';
import { CardLink } from './CardLink';

/** The goal to look at next: of those not yet met, the one closest to it. */
export function nextGoal(goals: readonly Goal[]): Goal | undefined {
  return [...goals].filter((g) => !g.progress.met).sort((a, b) => b.progress.percent - a.progress.percent)[0];
}

export function NextGoalCard({ system }: { system: UnitSystem }) {
  const { t } = useTranslation('goals');
  const goals = useGoals();
  if (!goals.isSuccess) return null;
  const goal = nextGoal(goals.data);
  const met = goals.data.length > 0 && !goal;
  return (
    <Card variant="outlined" data-testid="overview-goal" sx={{ height: '100%', position: 'relative' }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          <CardLink to="/goals">{t('next.title')}</CardLink>
        </Typography>
        {goal ? (
          <>
            <Typography variant="body1" sx={{ fontWeight: 500 }}>
              {goalName(goal, system)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, goal.progress.percent)}
              aria-label={t('next.progress', { percent: Math.round(goal.progress.percent) })}
              sx={{ my: 0.5, height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary">
              {currentText(goal, system)}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {met ? t('next.allMet') : t('next.none')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
