import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReportBlock, ReportContent } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { formatDay } from '../../lib/day-format';
import { AgpChart, DailyChart, LineChart, RangesChart } from './ReportCharts';

function Figure({
  caption,
  source,
  children,
}: {
  caption: string;
  source: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="figure" sx={{ m: 0, mb: 2, breakInside: 'avoid' }}>
      <Typography component="figcaption" variant="subtitle2">
        {caption}
      </Typography>
      {children}
      <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic', display: 'block' }}>
        {source}
      </Typography>
    </Box>
  );
}

function Block({ block }: { block: ReportBlock }) {
  switch (block.type) {
    case 'text':
      return <Typography sx={{ mb: 1 }}>{block.text}</Typography>;
    case 'heading':
      return <Typography variant="subtitle2">{block.text}</Typography>;
    case 'table': {
      const flagged = new Set(block.flagged ?? []);
      return (
        <Figure caption={block.caption} source={block.source}>
          <TableContainer sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {block.columns.map((c) => (
                    <TableCell key={c} sx={{ fontWeight: 600 }}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {block.rows.map((row, i) => (
                  <TableRow key={i} sx={flagged.has(i) ? { bgcolor: '#fdecea' } : undefined}>
                    {row.map((cell, j) => (
                      <TableCell key={j}>{cell}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Figure>
      );
    }
    case 'line':
      return (
        <Figure caption={block.caption} source={block.source}>
          <LineChart block={block} />
        </Figure>
      );
    case 'agp':
      return (
        <Figure caption={block.caption} source={block.source}>
          <AgpChart block={block} />
        </Figure>
      );
    case 'ranges':
      return (
        <Figure caption={block.caption} source={block.source}>
          <RangesChart block={block} />
        </Figure>
      );
    case 'daily':
      return (
        <Figure caption={block.caption} source={block.source}>
          <DailyChart block={block} />
        </Figure>
      );
  }
}

/** The report as a printable page: the same blocks as the PDF, with print styles. */
export function ReportDocument({ content }: { content: ReportContent }) {
  const { t } = useTranslation('reports');
  // Fields, not dateStyle/timeStyle: Intl refuses those beside timeZoneName (a RangeError broke the page).
  const generated = new Intl.DateTimeFormat(currentLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(content.generatedAt));
  return (
    <Box component="article" sx={{ maxWidth: 900, mx: 'auto', '@media print': { maxWidth: 'none' } }}>
      <Typography variant="h4" component="h1">
        {content.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('document.byline', {
          person: content.person,
          from: formatDay(content.from),
          to: formatDay(content.to),
          generated,
        })}
      </Typography>
      {content.sections.map((section) => (
        <Box component="section" key={section.key} sx={{ mb: 4, '@media print': { breakBefore: 'auto' } }}>
          <Typography variant="h5" component="h2" color="primary" sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
