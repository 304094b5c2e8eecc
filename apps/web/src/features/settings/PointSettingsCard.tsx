import { CURRENCIES, limits } from '@familyos/contracts/rules';
import { Box, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import type { Family } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { useSaveSettings } from './useSaveSettings';

type PointSettings = Family['pointSettings'];

/**
 * SPEC §2 Settings, point settings: allow negative balances, the currency, and the interest rate, shown but
 * disabled until an issue asks for it (DESIGN §9).
 */
export function PointSettingsCard({ settings }: { settings: PointSettings }) {
  const { save, busy } = useSaveSettings();
  // What was just chosen, shown until the server's answer replaces it (or a failure puts the old value back).
  const [chosen, setChosen] = useState<Partial<PointSettings>>({});
  const shown = { ...settings, ...chosen };

  const change = async (changes: Partial<PointSettings>, said: string) => {
    setChosen(changes);
    await save({ pointSettings: changes }, said);
    setChosen({});
  };

  return (
    <SectionCard title="Point Settings" emoji="⭐" testId="settings-points">
      <Stack sx={{ gap: 2.5 }}>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={shown.allowNegative}
                onChange={(e) =>
                  !busy &&
                  void change(
                    { allowNegative: e.target.checked },
                    e.target.checked ? 'Balances may now go below zero.' : 'Balances can no longer go below zero.',
                  )
                }
                slotProps={{ input: { 'aria-describedby': 'allow-negative-help' } }}
              />
            }
            label="Allow negative points"
          />
          <FormHelperText id="allow-negative-help" sx={{ mt: 0 }}>
            {shown.allowNegative
              ? "Deductions may take a child's balance below zero."
              : "Nothing may take a child's balance below zero."}
          </FormHelperText>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          <TextField
            select
            label="Currency"
            value={shown.currency}
            onChange={(e) => void change({ currency: e.target.value }, `Amounts are now shown in ${e.target.value}.`)}
            helperText="For money rewards like pocket money."
            sx={{ flex: 1 }}
          >
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Interest rate (%)"
            type="number"
            value={shown.interestRate}
            disabled
            helperText="🚧 A future feature: no interest is paid yet."
            slotProps={{ htmlInput: { min: limits.interestRate.min, max: limits.interestRate.max, step: limits.interestRate.step } }}
            // The explanation must stay readable although the field is disabled.
            sx={{ flex: 1, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
          />
        </Stack>
      </Stack>
    </SectionCard>
  );
}
