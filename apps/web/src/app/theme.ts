import { createTheme } from '@mui/material/styles';

/** One theme, light and dark (DESIGN §7), following the device's preference. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: { palette: { primary: { main: '#2f5fd0' }, secondary: { main: '#8a3ffc' }, background: { default: '#f5f7fb' } } },
    dark: { palette: { primary: { main: '#8fb1ff' }, secondary: { main: '#c9a5ff' } } },
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
