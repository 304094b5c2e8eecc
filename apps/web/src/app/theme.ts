import { createTheme } from '@mui/material/styles';
import { brand } from './brand';

/** One theme, light and dark (DESIGN §7), following the device's preference. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: { palette: { primary: { main: brand.primary }, secondary: { main: brand.secondary }, background: { default: brand.background } } },
    dark: { palette: { primary: { main: brand.darkPrimary }, secondary: { main: brand.darkSecondary } } },
  },
  shape: { borderRadius: 12 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // WCAG 2.3.3: a device that asks for reduced motion gets no fades, slides or ripples (changes appear at once).
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // MUI's closest equivalents of SPEC §9's tooltip delays.
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
  },
});
