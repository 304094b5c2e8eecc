import { limits, fp } from '@familyos/contracts/rules';
import { Typography } from '@mui/material';
import type { Family } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { checkReward, rewardDraft, type Draft, type Reward } from './drafts';
import { EditableItems } from './EditableItems';
import { useSaveSettings } from './useSaveSettings';

/** Sends a reward without an emoji as such: the server gives it the gift (or the default table's emoji). */
const forServer = (rewards: Reward[]) => rewards.map(({ name, cost, emoji }) => (emoji ? { name, cost, emoji } : { name, cost }));

/** SPEC §2 redemption options, stored as {name, cost, emoji} (DESIGN §5): add, edit one at a time, remove. */
export function RewardsCard({ family }: { family: Family }) {
  const { save, busy } = useSaveSettings();
  const rewards = family.rewards;

  const check = (draft: Draft, index: number | null) => checkReward(draft, rewards.filter((_, i) => i !== index));

  return (
    <SectionCard title="Rewards" emoji="🎁" count={rewards.length} testId="settings-rewards">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        What the children can spend their Family Points on in the Redemption Center.
      </Typography>
      <EditableItems<Reward>
        items={rewards}
        view={(r) => ({ emoji: r.emoji || limits.reward.defaultEmoji, name: r.name, amount: fp(r.cost) })}
        toDraft={rewardDraft}
        check={check}
        persist={(next, said) => save({ rewards: forServer(next) }, said)}
        busy={busy}
        fields={{
          nameLabel: 'Reward name',
          amountLabel: 'Cost (FP)',
          amountRange: { min: limits.reward.costMin, max: limits.reward.costMax },
          emojiPlaceholder: limits.reward.defaultEmoji,
        }}
        addHeading="Add a reward"
        addButton="Add Reward"
        emptyEmoji="🎁"
        empty="No rewards yet. Add one so the children have something to save for."
        removeMeans="The children will no longer see it in the Redemption Center. Requests already made stay as they are."
        testId="rewards"
      />
    </SectionCard>
  );
}
