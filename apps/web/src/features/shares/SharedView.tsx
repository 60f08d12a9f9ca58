import { shareSectionLabels, unitLabel, type PublicShare, type SharedSeries } from '@healthfolio/core';
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

const Empty = () => <Typography color="text.secondary">Nothing recorded in this period.</Typography>;

/** One row per metric: days with data, the average, lowest, highest and the last day's value. */
function SeriesTable({ series }: { series: SharedSeries[] }) {
  if (series.length === 0) return <Empty />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Measure</TableCell>
            <TableCell align="right">Days</TableCell>
            <TableCell align="right">Average</TableCell>
            <TableCell align="right">Lowest</TableCell>
            <TableCell align="right">Highest</TableCell>
            <TableCell align="right">Latest</TableCell>
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
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Health summary {share.person?.name ? `of ${share.person.name}` : '(anonymised)'}
        </Typography>
        <Typography color="text.secondary">
          Shared with {share.recipient} · {formatDay(share.from)} to {formatDay(share.to)} · link valid until{' '}
          {formatDateTime(share.expiresAt)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Daily values are merged from the person&apos;s devices and apps without counting any reading twice.
          Generated {formatDateTime(share.generatedAt)} by Healthfolio.
        </Typography>
      </Box>
      {share.sections.map((section) => {
        const title = shareSectionLabels[section];
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
                        <TableCell>Test</TableCell>
                        <TableCell>Date</TableCell>
                        <TableCell align="right">Result</TableCell>
                        <TableCell>Reference range</TableCell>
                        <TableCell>Flag</TableCell>
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
                        {r.recordedAt ? `, since ${formatDay(r.recordedAt.slice(0, 10))}` : ''})
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
                      ? `No score for ${formatDay(score.day)}: ${score.reason ?? 'not enough data'}.`
                      : `${score.score} of 100 on ${formatDay(score.day)}.`}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {score.parts.map((part) => (
                      <li key={part.name}>
                        <Typography variant="body2">
                          {part.name} (weight {formatValue(part.weight * 100)} %):{' '}
                          {part.score === null ? 'no data' : `${formatValue(part.score)} of 100`} —{' '}
                          {part.basis}
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
                      {g.title}: now{' '}
                      {g.current === null ? 'no value' : `${formatValue(g.current)} ${unitLabel(g.unit)}`}
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
