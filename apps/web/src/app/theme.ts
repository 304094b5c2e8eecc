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
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // MUI's closest equivalents of SPEC §9's tooltip delays.
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
  },
});
