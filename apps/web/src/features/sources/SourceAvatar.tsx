import type { SourceCategory } from '@healthfolio/core';
import Avatar from '@mui/material/Avatar';
import { initials } from './source-text';

/**
 * One colour per provider, drawn from a set of twelve that each carry white initials at AA contrast
 * (≥ 4.5:1): no third-party logo is fetched, and no two neighbours on the page look alike.
 */
const PALETTE = [
  '#1E6F9F', // blue
  '#8E3B8F', // plum
  '#2E7D32', // green
  '#B23B3B', // red
  '#5E4BAA', // violet
  '#8A5A00', // amber
  '#00796B', // teal
  '#AD3A6B', // rose
  '#3F5A8A', // slate blue
  '#6D5D00', // olive
  '#A0461E', // rust
  '#4E6A2E', // moss
] as const;

/** A stable colour for a source kind: the same provider always looks the same. */
export function avatarColor(kind: string): string {
  let hash = 0;
  for (const char of kind) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** The source's initials on its own colour (no third-party logos). */
export function SourceAvatar({
  kind,
  name,
}: {
  kind: string;
  name: string;
  /** Kept for callers that group by category; the colour is the provider's own. */
  category?: SourceCategory;
}) {
  return (
    <Avatar
      aria-hidden
      data-color={avatarColor(kind)}
      sx={{ bgcolor: avatarColor(kind), color: '#FFFFFF', fontSize: '1rem', fontWeight: 600 }}
    >
      {initials(name)}
    </Avatar>
  );
}
