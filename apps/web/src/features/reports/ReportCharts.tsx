import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { WeeklyReport } from '../../lib/types';
import { CATEGORY_LABEL, dayLabels } from './format';

const HEIGHT = 260;

/**
 * The week at a glance, where a parent would rather look than read: points per day for each child, and each
 * child's points by category. The numbers are also in the cards below, and each chart names itself for screen
 * readers with a sentence of what it shows.
 */
export function PointsPerDayChart({ report }: { report: WeeklyReport }) {
  const days = dayLabels(report);
  const summary = report.children.map((c) => `${c.name}: ${c.dailyPoints.map((p, i) => `${days[i]} ${p}`).join(', ')}`).join('. ');
  return (
    <Box role="img" aria-label={`Points per day of the week. ${summary}`} data-testid="chart-per-day">
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }} aria-hidden>
        Points per day
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: days }]}
          series={report.children.map((c) => ({ data: c.dailyPoints, label: c.name, id: c.userId }))}
          margin={{ left: 0, right: 8 }}
          skipAnimation
          // The wrapper names the numbers for screen readers; the drawing itself takes no keyboard focus.
          disableKeyboardNavigation
        />
      </Box>
    </Box>
  );
}

export function CategoryChart({ report }: { report: WeeklyReport }) {
  const names = report.children.map((c) => c.name);
  const keys = Object.keys(CATEGORY_LABEL) as (keyof typeof CATEGORY_LABEL)[];
  const summary = report.children.map((c) => `${c.name}: ${keys.map((k) => `${CATEGORY_LABEL[k]} ${c.byCategory[k]}`).join(', ')}`).join('. ');
  return (
    <Box role="img" aria-label={`Points by category. ${summary}`} data-testid="chart-by-category">
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }} aria-hidden>
        Points by category
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: names }]}
          series={keys.map((k) => ({ data: report.children.map((c) => c.byCategory[k]), label: CATEGORY_LABEL[k], stack: 'points', id: k }))}
          margin={{ left: 0, right: 8 }}
          skipAnimation
          // The wrapper names the numbers for screen readers; the drawing itself takes no keyboard focus.
          disableKeyboardNavigation
        />
      </Box>
    </Box>
  );
}
