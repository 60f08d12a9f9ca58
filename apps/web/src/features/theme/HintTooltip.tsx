import Box from '@mui/material/Box';
import type { ReactElement } from 'react';

/**
 * A small tooltip shown on hover and keyboard focus, drawn with CSS alone. MUI's Tooltip brings Popper.js
 * (~11 KB gzipped), which the sign-in page cannot afford within its 200 KB budget; a label under an icon
 * button needs no collision engine.
 */
export function HintTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        display: 'inline-flex',
        '&:hover > [role="tooltip"], &:focus-within > [role="tooltip"]': {
          opacity: 1,
          visibility: 'visible',
          transitionDelay: '100ms',
        },
      }}
    >
      {children}
      <Box
        component="span"
        role="tooltip"
        sx={(theme) => ({
          position: 'absolute',
          top: '100%',
          right: 0,
          mt: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: theme.palette.mode === 'light' ? 'grey.700' : 'grey.300',
          color: theme.palette.mode === 'light' ? 'common.white' : 'grey.900',
          typography: 'caption',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          opacity: 0,
          visibility: 'hidden',
          transition: 'opacity 150ms, visibility 150ms',
          zIndex: theme.zIndex.tooltip,
        })}
      >
        {title}
      </Box>
    </Box>
  );
}
