import { unitLabel, type PublicShare, type SharedSeries } from '@healthfolio/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, formatValue } from './shares-api';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      sx={{ p: { xs: 2, sm: 3 }, breakInside: 'avoid' }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Empty() {
  const { t } = useTranslation('shares');
  return <Typography color="text.secondary">{t('view.empty')}</Typography>;
}

/** One row per metric: days with data, the average, lowest, highest and the last day's value. */
function SeriesTable({ series }: { series: SharedSeries[] }) {
  const { t } = useTranslation('shares');
  if (series.length === 0) return <Empty />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('view.series.measure')}</TableCell>
            <TableCell align="right">{t('view.series.days')}</TableCell>
            <TableCell align="right">{t('view.series.average')}</TableCell>
            <TableCell align="right">{t('view.series.lowest')}</TableCell>
            <TableCell align="right">{t('view.series.highest')}</TableCell>
            <TableCell align="right">{t('view.series.latest')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {series.map((s) => {
            const values = s.days.map((d) => d.value);
            const last = s.days[s.days.length - 1];
            const unit = unitLabel(s.unit);
            const show = (v: number) => `${formatValue(v)}${unit ? ` ${unit}` : ''}`;
            return (
              <TableRow key={s.kind}>
                <TableCell component="th" scope="row">
                  {s.label}
                </TableCell>
                <TableCell align="right">{values.length}</TableCell>
                <TableCell align="right">{show(values.reduce((a, b) => a + b, 0) / values.length)}</TableCell>
                <TableCell align="right">{show(Math.min(...values))}</TableCell>
                <TableCell align="right">{show(Math.max(...values))}</TableCell>
                <TableCell align="right">
                  {last ? `${show(last.value)} (${formatDay(last.day)})` : ''}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** What a share's recipient reads: only the shared sections, over the shared period. */
export function SharedView({ share }: { share: PublicShare }) {
  const { t } = useTranslation('shares');
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {share.person?.name ? t('view.title', { name: share.person.name }) : t('view.titleAnonymous')}
        </Typography>
        <Typography color="text.secondary">
          {t('view.sharedWith', {
            recipient: share.recipient,
            from: formatDay(share.from),
            to: formatDay(share.to),
            until: formatDateTime(share.expiresAt),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('view.merged', { at: formatDateTime(share.generatedAt) })}
        </Typography>
      </Box>
      {share.sections.map((section) => {
        const title = t(`sections.${section}`);
        const series = share.series[section];
        if (series) {
          return (
            <Section key={section} title={title}>
              <SeriesTable series={series} />
            </Section>
          );
        }
        if (section === 'labs') {
          const labs = share.labs ?? [];
          return (
            <Section key={section} title={title}>
              {labs.length === 0 ? (
                <Empty />
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('view.labs.test')}</TableCell>
                        <TableCell>{t('view.labs.date')}</TableCell>
                        <TableCell align="right">{t('view.labs.result')}</TableCell>
                        <TableCell>{t('view.labs.range')}</TableCell>
                        <TableCell>{t('view.labs.flag')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {labs.map((lab, i) => (
                        <TableRow key={`${lab.kind}-${lab.day}-${i}`}>
                          <TableCell component="th" scope="row">
                            {lab.name}
                          </TableCell>
                          <TableCell>{formatDay(lab.day)}</TableCell>
                          <TableCell align="right">
                            {formatValue(lab.value)} {unitLabel(lab.unit)}
                          </TableCell>
                          <TableCell>
                            {lab.low !== null && lab.high !== null
                              ? `${formatValue(lab.low)}–${formatValue(lab.high)}`
                              : lab.high !== null
                                ? `≤ ${formatValue(lab.high)}`
                                : lab.low !== null
                                  ? `≥ ${formatValue(lab.low)}`
                                  : '—'}
                          </TableCell>
                          <TableCell>{lab.flag ?? ''}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Section>
          );
        }
        if (section === 'clinical') {
          const records = share.clinical ?? [];
          return (
            <Section key={section} title={title}>
              {records.length === 0 ? (
                <Empty />
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {records.map((r, i) => (
                    <li key={i}>
                      <Typography variant="body2">
                        {r.display} ({r.category}
                        {r.status ? `, ${r.status}` : ''}
                        {r.recordedAt
                          ? `, ${t('view.since', { day: formatDay(r.recordedAt.slice(0, 10)) })}`
                          : ''}
                        )
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Section>
          );
        }
        if (section === 'insights') {
          const insights = share.insights ?? [];
          return (
            <Section key={section} title={title}>
              {insights.length === 0 ? (
                <Empty />
              ) : (
                insights.map((insight, i) => (
                  <Box key={i} sx={{ mb: 1 }}>
                    <Typography sx={{ fontWeight: 500 }}>{insight.title}</Typography>
                    <Typography variant="body2">{insight.description}</Typography>
                  </Box>
                ))
              )}
            </Section>
          );
        }
        if (section === 'healthScore') {
          const score = share.healthScore;
          return (
            <Section key={section} title={title}>
              {!score ? (
                <Empty />
              ) : (
                <Stack spacing={1}>
                  <Typography>
                    {score.score === null
                      ? t('view.score.none', {
                          day: formatDay(score.day),
                          reason: score.reason ?? t('view.score.notEnough'),
                        })
                      : t('view.score.value', { score: score.score, day: formatDay(score.day) })}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {score.parts.map((part) => (
                      <li key={part.name}>
                        <Typography variant="body2">
                          {t('view.score.part', {
                            name: part.name,
                            weight: formatValue(part.weight * 100),
                            score:
                              part.score === null
                                ? t('view.score.noData')
                                : t('view.score.outOf100', { score: formatValue(part.score) }),
                            basis: part.basis,
                          })}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </Stack>
              )}
            </Section>
          );
        }
        const goals = share.goals ?? [];
        return (
          <Section key={section} title={title}>
            {goals.length === 0 ? (
              <Empty />
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {goals.map((g, i) => (
                  <li key={i}>
                    <Typography variant="body2">
                      {t('view.goalNow', {
                        title: g.title,
                        value:
                          g.current === null
                            ? t('view.noValue')
                            : `${formatValue(g.current)} ${unitLabel(g.unit)}`,
                      })}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Section>
        );
      })}
    </Stack>
  );
}
