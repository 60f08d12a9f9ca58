import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { Goal, UnitSystem } from '@healthfolio/core';
import { formatDay } from '../../lib/day-format';
import { goalValue, historySummary } from './goal-text';
import { historyBars } from './history-bars';
import { useTranslation } from 'react-i18next';

const WIDTH = 300;
const HEIGHT = 48;

/** The last periods as bars, met ones in the primary colour, with the target as a dashed line. */
export function GoalHistoryBars({ goal, system }: { goal: Goal; system: UnitSystem }) {
  const { t } = useTranslation('goals');
  const theme = useTheme();
  const { history } = goal.progress;
  if (history.length === 0) return null;
  const { bars, targetY } = historyBars(goal, WIDTH, HEIGHT);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={historySummary(goal)}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      sx={{ display: 'block', width: '100%', height: HEIGHT }}
    >
      {bars.map((bar, i) => {
        const h = history[i]!;
        const what = h.value === null ? t('history.noData') : goalValue(goal, h.value, system);
        return (
          <rect
            key={h.start}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            fill={bar.met ? theme.palette.primary.main : theme.palette.action.disabled}
          >
            <title>{`${formatDay(h.start)}: ${what}${h.met ? ` — ${t('history.met')}` : ''}`}</title>
          </rect>
        );
      })}
      <line
        x1={0}
        x2={WIDTH}
        y1={targetY}
        y2={targetY}
        stroke={theme.palette.text.secondary}
        strokeDasharray="4 3"
        vectorEffect="non-scaling-stroke"
      />
    </Box>
  );
}
