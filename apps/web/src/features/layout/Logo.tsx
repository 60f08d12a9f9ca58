import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

/** The Healthfolio mark: a teal rounded folio with a heartbeat line that ends in a leaf. */
export function LogoIcon({ size = 32 }: { size?: number }) {
  const theme = useTheme();
  return (
    <Box
      component="svg"
      role="img"
      aria-label="Healthfolio"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      sx={{ display: 'block', flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="8" fill={theme.palette.brand.main} />
      <path
        d="M5 17h5l2.5-5 4 10 2.5-5H23"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth={2.4}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M23 17c0-3.3 2.2-5.5 4-6 .4 3.4-1.2 6-4 6Z" fill="#FFFFFF" />
    </Box>
  );
}

/** Icon plus the "Healthfolio" wordmark, for wide screens. */
export function LogoHorizontal({ size = 32 }: { size?: number }) {
  return (
    <Box role="img" aria-label="Healthfolio" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box aria-hidden sx={{ display: 'contents' }}>
        <LogoIcon size={size} />
      </Box>
      <Box
        component="span"
        aria-hidden
        sx={{
          fontWeight: 700,
          fontSize: size * 0.66,
          letterSpacing: '-0.02em',
          lineHeight: 1,
          color: 'inherit',
        }}
      >
        Health
        <Box component="span" sx={{ color: 'primary.main' }}>
          folio
        </Box>
      </Box>
    </Box>
  );
}

/** SPEC §2: the horizontal logo on wide screens, the icon on small ones. */
export function ResponsiveLogo() {
  return (
    <>
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <LogoHorizontal />
      </Box>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <LogoIcon />
      </Box>
    </>
  );
}
