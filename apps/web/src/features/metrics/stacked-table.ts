import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table read on a phone as stacked rows: each row a block — its header cell first, then each cell on a
 * line of its own, named by its `data-label` — instead of columns clipped at the screen's edge. The
 * markup stays a table (rows, row headers, the column headers kept for screen readers, only hidden from
 * sight), so it reads the same to assistive technology at any width.
 */
export const stackedTable: SxProps<Theme> = {
  '&, & tbody': { display: 'block' },
  '& thead': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  '& tbody tr': { display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' },
  '& tbody th': { display: 'block', border: 0, px: 0, py: 0.25, fontWeight: 600 },
  '& tbody td': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: 2,
    border: 0,
    px: 0,
    py: 0.25,
    textAlign: 'right',
    overflowWrap: 'anywhere',
  },
  '& tbody td[data-label]::before': {
    content: 'attr(data-label)',
    color: 'text.secondary',
    textAlign: 'left',
    flexShrink: 0,
  },
};
