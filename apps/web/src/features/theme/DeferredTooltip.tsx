import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, type ReactElement } from 'react';

function NoTooltip({ children }: TooltipProps) {
  return children;
}

// Tooltip brings Popper.js (~8 KB gzipped); the sign-in page should not wait for it. Should the chunk
// fail to load, the button simply goes without a tooltip: its aria-label still names it.
const Tooltip = lazy(() => import('@mui/material/Tooltip').catch(() => ({ default: NoTooltip })));

/** A Tooltip loaded after first paint; until then the child renders on its own. */
export function DeferredTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
