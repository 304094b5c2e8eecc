import { limits } from '@familyos/contracts/rules';
import { Box, TextField } from '@mui/material';
import { clampChars, type Draft, type DraftErrors } from './drafts';

export interface ItemFieldsProps {
  draft: Draft;
  errors: DraftErrors;
  onChange: (patch: Partial<Draft>) => void;
  nameLabel: string;
  amountLabel: string;
  amountRange: { min: number; max: number };
  emojiPlaceholder: string;
  withDescription?: boolean;
  autoFocus?: boolean;
}

/**
 * The fields of one template or reward, for adding and for editing a row: emoji, name, an amount of FP and,
 * for templates, a description. Two rows on a phone, one on a laptop.
 */
export function ItemFields({ draft, errors, onChange, nameLabel, amountLabel, amountRange, emojiPlaceholder, withDescription, autoFocus }: ItemFieldsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '96px minmax(0, 1fr)', sm: '96px minmax(0, 1fr) 120px' },
        gridTemplateAreas: {
          xs: withDescription ? '"name name" "emoji amount" "desc desc"' : '"name name" "emoji amount"',
          sm: withDescription ? '"emoji name amount" "desc desc desc"' : '"emoji name amount"',
        },
      }}
    >
      <TextField
        label={nameLabel}
        required
        size="small"
        autoFocus={autoFocus}
        value={draft.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
        sx={{ gridArea: 'name' }}
      />
      <TextField
        label="Emoji"
        size="small"
        placeholder={emojiPlaceholder}
        value={draft.emoji}
        onChange={(e) => onChange({ emoji: clampChars(e.target.value, limits.template.emojiMaxChars) })}
        error={Boolean(errors.emoji)}
        helperText={errors.emoji}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ gridArea: 'emoji' }}
      />
      <TextField
        label={amountLabel}
        required
        size="small"
        type="number"
        value={draft.amount}
        onChange={(e) => onChange({ amount: e.target.value })}
        error={Boolean(errors.amount)}
        helperText={errors.amount}
        slotProps={{ htmlInput: { min: amountRange.min, max: amountRange.max, step: 1, inputMode: 'numeric' } }}
        sx={{ gridArea: 'amount' }}
      />
      {withDescription && (
        <TextField
          label="Description"
          size="small"
          value={draft.description}
          onChange={(e) => onChange({ description: e.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description ?? 'Optional'}
          sx={{ gridArea: 'desc' }}
        />
      )}
    </Box>
  );
}
