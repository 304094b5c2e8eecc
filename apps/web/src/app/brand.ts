/**
 * The app's colours, read by the theme and by the build (the web app manifest's theme and background colours,
 * vite.config.ts), so an installed FamilyOS opens in the same colours as the page.
 */
export const brand = {
  primary: '#2f5fd0',
  secondary: '#8a3ffc',
  background: '#f5f7fb',
  darkPrimary: '#8fb1ff',
  darkSecondary: '#c9a5ff',
  /** MUI's dark background: the colour of the browser's bar in dark mode. */
  darkBackground: '#121212',
} as const;
