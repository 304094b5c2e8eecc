import { Box, Button, ButtonBase, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { signedFp } from '@familyos/contracts/rules';
import { type TaskTemplate } from '../../lib/task-model';

/** SPEC §2: the quick-template grid; a click opens Create Task prefilled. A phone shows the first few. */
export function TaskTemplatesGrid({ templates, phone, onPick }: { templates: TaskTemplate[]; phone: boolean; onPick: (t: TaskTemplate) => void }) {
  const [showAll, setShowAll] = useState(false);
  const limit = phone ? 6 : 12;
  const shown = showAll ? templates : templates.slice(0, limit);
  return (
    <Card component="section" aria-labelledby="templates-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="templates-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          ⚡ Quick Templates
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Tap a template to create a task with it.
        </Typography>
        {templates.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            All templates are hidden. You can show them again or add your own in Family Settings.
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.25,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
            }}
          >
            {shown.map((template) => (
              <li key={template.title}>
                <ButtonBase
                  onClick={() => onPick(template)}
                  aria-label={`Create task from template ${template.title}, ${signedFp(template.points)}`}
                  data-testid="task-template"
                  sx={{
                    width: '100%',
                    height: '100%',
                    minHeight: 96,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    p: 1.25,
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 0.5,
                    textAlign: 'center',
                    transition: 'border-color 120ms, background-color 120ms',
                    '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
                  }}
                >
                  <Box component="span" aria-hidden="true" sx={{ fontSize: '1.6rem', lineHeight: 1.2 }}>
                    {template.emoji}
                  </Box>
                  <Typography component="span" variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
                    {template.title}
                  </Typography>
                  <Typography component="span" variant="caption" sx={{ color: 'primary.main', fontWeight: 700 }}>
                    {signedFp(template.points)}
                  </Typography>
                </ButtonBase>
              </li>
            ))}
          </Box>
        )}
        {templates.length > limit && (
          <Box sx={{ textAlign: 'center', mt: 1.5 }}>
            <Button onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {showAll ? 'Show fewer templates' : `Show all ${templates.length} templates`}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
