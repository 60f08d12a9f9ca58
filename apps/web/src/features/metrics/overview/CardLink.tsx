import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A card's title as the link to its detail, stretched over the whole card (the card needs
 * `position: relative`): the card is one tap target, and its link is named by its title alone.
 */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      color="inherit"
      sx={{
        '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
        '&:focus-visible::after': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
    </Link>
  );
}

/** The metric page of a kind. */
export const metricPath = (kind: string) => `/metrics/${encodeURIComponent(kind)}`;
