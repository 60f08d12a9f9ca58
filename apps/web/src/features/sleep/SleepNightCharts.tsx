// The pictures of SleepNights: a night's hypnogram and stage totals, and time asleep night by night.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { SleepNightDetail, SleepStage } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../metrics/format';
import { sourceName } from '../metrics/overview/overview-text';
import { clockOf, hypnogram, isStaged, longDate, stageLabel } from './hypnogram';

const DAY_MS = 86_400_000;

function useStageColors(): Record<SleepStage, string> {
  const theme = useTheme();
  return {
    deep: theme.palette.primary.dark,
    core: theme.palette.primary.light,
    rem: theme.palette.secondary.main,
    asleep: theme.palette.primary.main,
    awake: theme.palette.warning.main,
  };
}

const HW = 600;
const ROW_H = 28;
const LEFT = 92;

/** The night's stages over its clock time, one row a stage (awake at the top, deep at the bottom). */
export function Hypnogram({ night }: { night: SleepNightDetail }) {
  const { t } = useTranslation('sleep');
  const theme = useTheme();
  const colors = useStageColors();
  if (night.segments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="sleep-no-stretches">
        {t('nights.noStretches', { source: sourceName(night.source) })}
      </Typography>
    );
  }
  const { rows, blocks } = hypnogram(night);
  const height = rows.length * ROW_H + 22;
  const width = HW - LEFT - 8;
  const label = blocks.map((b) => `${rows[b.row]?.label ?? b.stage} ${formatDuration(b.minutes)}`).join(', ');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${HW} ${height}`}
      role="img"
      aria-label={t('nights.hypnogram', {
        from: clockOf(night.bedtime),
        to: clockOf(night.wake),
        stages: label,
      })}
      data-testid="hypnogram"
      sx={{ width: '100%', height: 'auto', display: 'block', mt: 1 }}
    >
      {rows.map((r, i) => (
        <g key={r.stage}>
          <text
            x={LEFT - 6}
            y={i * ROW_H + ROW_H / 2 + 4}
            textAnchor="end"
            fontSize={12}
            fill={theme.palette.text.primary}
          >
            {r.label}
          </text>
          <line
            x1={LEFT}
            x2={HW - 8}
            y1={(i + 1) * ROW_H}
            y2={(i + 1) * ROW_H}
            stroke={theme.palette.divider}
          />
        </g>
      ))}
      {blocks.map((b, i) => (
        <rect
          key={i}
          data-stage={b.stage}
          x={LEFT + b.x0 * width}
          y={b.row * ROW_H + 4}
          width={Math.max((b.x1 - b.x0) * width, 1)}
          height={ROW_H - 8}
          rx={2}
          fill={colors[b.stage]}
        />
      ))}
      <text x={LEFT} y={height - 4} fontSize={11} fill={theme.palette.text.secondary}>
        {clockOf(night.bedtime)}
      </text>
      <text x={HW - 8} y={height - 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
        {clockOf(night.wake)}
      </text>
    </Box>
  );
}

export function StageTotals({ night }: { night: SleepNightDetail }) {
  const { t } = useTranslation('sleep');
  const m = night.stageMinutes;
  if (!m) {
    return isStaged(night) || night.segments.length === 0 ? null : (
      <Typography variant="body2" color="text.secondary">
        {t('nights.unstaged', { source: sourceName(night.source) })}
      </Typography>
    );
  }
  const parts = (
    [
      [stageLabel('deep'), m.deep],
      [stageLabel('core'), m.core],
      [stageLabel('rem'), m.rem],
      [stageLabel('awake'), m.awake],
    ] as const
  ).filter(([, v]) => v !== null);
  return (
    <Typography variant="body2" data-testid="sleep-stage-totals">
      {parts.map(([name, v]) => `${name} ${formatDuration(v!)}`).join(' · ')}
    </Typography>
  );
}

const BW = 600;
const BH = 120;

/** Time asleep night by night over the range, as bars (a gap where no night was recorded). */
export function DurationBars({
  nights,
  from,
  to,
}: {
  nights: readonly SleepNightDetail[];
  from: string;
  to: string;
}) {
  const { t } = useTranslation('sleep');
  const theme = useTheme();
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  const max = Math.max(600, ...nights.map((n) => n.asleepMin));
  const slot = (BW - 8) / days;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${BW} ${BH}`}
      role="img"
      aria-label={t('nights.bars', {
        from: longDate(from),
        to: longDate(to),
        nights: nights.map((n) => `${longDate(n.night)} ${formatDuration(n.asleepMin)}`).join(', '),
      })}
      data-testid="sleep-duration-bars"
      sx={{ width: '100%', height: 'auto', display: 'block', mt: 1 }}
    >
      <line x1={0} x2={BW} y1={BH - 16} y2={BH - 16} stroke={theme.palette.divider} />
      <line
        x1={0}
        x2={BW}
        y1={BH - 16 - (480 / max) * (BH - 24)}
        y2={BH - 16 - (480 / max) * (BH - 24)}
        stroke={theme.palette.text.secondary}
        strokeDasharray="4 4"
      />
      <text
        x={BW - 2}
        y={BH - 20 - (480 / max) * (BH - 24)}
        textAnchor="end"
        fontSize={10}
        fill={theme.palette.text.secondary}
      >
        8 h
      </text>
      {nights.map((n) => {
        const i = Math.round((Date.parse(`${n.night}T00:00:00Z`) - start) / DAY_MS);
        const h = (n.asleepMin / max) * (BH - 24);
        return (
          <rect
            key={`${n.night}-${n.bedtime}`}
            x={4 + i * slot + slot * 0.15}
            y={BH - 16 - h}
            width={slot * 0.7}
            height={h}
            fill={theme.palette.primary.main}
          />
        );
      })}
      <text x={4} y={BH - 2} fontSize={10} fill={theme.palette.text.secondary}>
        {longDate(from)}
      </text>
      <text x={BW - 4} y={BH - 2} textAnchor="end" fontSize={10} fill={theme.palette.text.secondary}>
        {longDate(to)}
      </text>
    </Box>
  );
}
