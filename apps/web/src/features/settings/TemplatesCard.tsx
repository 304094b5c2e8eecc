import { limits, messages, fp } from '@familyos/contracts/rules';
import { Box, Button, Collapse, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import type { Family } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { checkTemplate, isBuiltInTitle, templateDraft, type Draft, type Template } from './drafts';
import { EditableItems } from './EditableItems';
import { useSaveSettings, useSystemTemplateRefusal } from './useSaveSettings';

/**
 * SPEC §2/§4 task templates: the family's own templates (add, edit one row at a time, remove) and the 18
 * built-in ones, which can be hidden or shown but never edited (no Edit button; SPEC §5's refusal otherwise).
 */
export function TemplatesCard({ family }: { family: Family }) {
  const { save, busy } = useSaveSettings();
  const refuse = useSystemTemplateRefusal();
  const custom = family.taskTemplates;

  const check = async (draft: Draft, index: number | null) => {
    if (isBuiltInTitle(draft.name)) {
      refuse();
      return { ok: false as const, errors: { name: messages.systemTemplateEdit } };
    }
    return checkTemplate(draft, index === null ? 'add' : 'edit');
  };

  return (
    <SectionCard title="Task Templates" emoji="📋" testId="settings-templates">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Quick starts for the Create Task form. Add your family's own, and hide the built-in ones you never use.
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.25 }}>
        Your templates
      </Typography>
      <EditableItems<Template>
        items={custom}
        view={(t) => ({ emoji: t.emoji, name: t.title, detail: t.description || undefined, amount: fp(t.points) })}
        toDraft={templateDraft}
        check={check}
        persist={(next, said) => save({ taskTemplates: next }, said)}
        busy={busy}
        fields={{
          nameLabel: 'Title',
          amountLabel: 'Points',
          amountRange: { min: limits.template.pointsMin, max: limits.template.pointsMax },
          emojiPlaceholder: limits.template.defaultEmoji,
          withDescription: true,
        }}
        addHeading="Add a custom template"
        addButton="Add Template"
        emptyEmoji="✨"
        empty="No custom templates yet. Add one below."
        removeMeans="It will no longer be offered as a quick start in the Create Task form. Tasks already made from it stay."
        testId="custom-templates"
      />
      <BuiltInTemplates family={family} busy={busy} onChange={(hidden, said) => void save({ hiddenSystemTemplates: hidden }, said)} />
    </SectionCard>
  );
}

function BuiltInTemplates({ family, busy, onChange }: { family: Family; busy: boolean; onChange: (hidden: string[], said: string) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // A phone shows the 18 rows on request: they would push everything below far out of reach.
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const open = expanded ?? !phone;
  const hidden = new Set(family.hiddenSystemTemplates);
  const toggle = (title: string) => {
    if (hidden.has(title)) onChange(family.hiddenSystemTemplates.filter((t) => t !== title), `“${title}” is shown again.`);
    else onChange([...family.hiddenSystemTemplates, title], `“${title}” is hidden from the task form.`);
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Built-in templates
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.25 }}>
        {family.systemTemplates.length - hidden.size} of {family.systemTemplates.length} shown. Built-in templates can be hidden but not edited.
      </Typography>
      {phone && (
        <Button
          variant="outlined"
          fullWidth
          aria-expanded={open}
          aria-controls="built-in-templates"
          onClick={() => setExpanded(!open)}
          sx={{ mb: open ? 1.25 : 0 }}
        >
          {open ? 'Close the list' : `Show the ${family.systemTemplates.length} built-in templates`}
        </Button>
      )}
      <Collapse in={open} id="built-in-templates">
        <Box
          component="ul"
          data-testid="built-in-templates"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
        >
          {family.systemTemplates.map((t) => {
            const isHidden = hidden.has(t.title);
            return (
              <Stack
                component="li"
                key={t.title}
                aria-label={t.title}
                direction="row"
                sx={{ alignItems: 'center', gap: 1, py: 0.5, pl: 1, pr: 0.5, borderRadius: 2, border: 1, borderColor: 'divider', borderStyle: isHidden ? 'dashed' : 'solid' }}
              >
                <Box aria-hidden sx={{ fontSize: 20, width: 28, textAlign: 'center', filter: isHidden ? 'grayscale(1)' : undefined }}>
                  {t.emoji}
                </Box>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, color: isHidden ? 'text.secondary' : 'text.primary', textDecoration: isHidden ? 'line-through' : 'none' }}>
                    {t.title}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t.points} FP{isHidden ? ' · Hidden' : ''}
                  </Typography>
                </Box>
                <Button size="small" onClick={() => toggle(t.title)} disabled={busy} aria-label={`${isHidden ? 'Show' : 'Hide'} ${t.title}`} sx={{ flexShrink: 0, minWidth: 56 }}>
                  {isHidden ? 'Show' : 'Hide'}
                </Button>
              </Stack>
            );
          })}
        </Box>
      </Collapse>
    </Box>
  );
}
