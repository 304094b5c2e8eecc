import { BUILT_IN_TEMPLATES, limits, messages } from '@familyos/contracts/rules';
import { loadContracts } from '../../lib/contracts';
import { fieldErrors } from '../../lib/forms';
import type { Family } from '../../lib/types';

export type Template = Family['taskTemplates'][number];
export type Reward = Family['rewards'][number];

/** What an add or edit row holds while it is typed: text, as the inputs give it. */
export interface Draft {
  name: string;
  amount: string;
  emoji: string;
  description: string;
}
export type DraftErrors = Partial<Record<keyof Draft, string>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: DraftErrors };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` characters as a person counts them (👨‍👩‍👧 is one): SPEC §9's "emoji 2 characters". */
export const clampChars = (text: string, max: number) =>
  [...segmenter.segment(text)]
    .slice(0, max)
    .map((s) => s.segment)
    .join('');

export const templateDraft = (t?: Template): Draft => ({
  name: t?.title ?? '',
  amount: String(t?.points ?? limits.template.pointsDefault),
  emoji: t?.emoji ?? '',
  description: t?.description ?? '',
});

export const rewardDraft = (r?: Reward): Draft => ({
  name: r?.name ?? '',
  amount: String(r?.cost ?? limits.reward.defaultCost),
  emoji: r?.emoji ?? '',
  description: '',
});

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** SPEC §5 "Template add / edit": a custom template may not take a built-in's title (that would edit it). */
export const isBuiltInTitle = (title: string) => BUILT_IN_TEMPLATES.some((t) => t.title.toLowerCase() === title.trim().toLowerCase());

/**
 * SPEC §5 template rules with the server's own DTO: a title; points 1 to 100 (an add with unparsable points
 * takes 5, an edit needs them); the emoji defaults to 📋.
 */
export async function checkTemplate(draft: Draft, mode: 'add' | 'edit'): Promise<Checked<Template>> {
  const parsed = number(draft.amount);
  const points = mode === 'add' && !Number.isFinite(parsed) ? limits.template.pointsDefault : parsed;
  const body = {
    title: draft.name.trim(),
    description: draft.description.trim(),
    points,
    emoji: draft.emoji.trim() || limits.template.defaultEmoji,
  };
  const { validateDto, TaskTemplateDto } = await loadContracts();
  const result = await validateDto(TaskTemplateDto, body);
  if (result.ok) return { ok: true, value: body };
  return { ok: false, errors: fieldErrors(result.details, { rename: { title: 'name', points: 'amount', emoji: 'emoji', description: 'description' } }) };
}

/** SPEC §5 redemption option rules with the server's DTO: a non-empty trimmed name, a cost of 1 to 500, one name once. */
export async function checkReward(draft: Draft, others: Reward[]): Promise<Checked<Reward>> {
  const name = draft.name.trim();
  const emoji = draft.emoji.trim();
  const body = { name, cost: number(draft.amount), ...(emoji ? { emoji } : {}) };
  const { validateDto, RewardDto } = await loadContracts();
  const result = await validateDto(RewardDto, body);
  const errors: DraftErrors = result.ok ? {} : fieldErrors(result.details, { rename: { name: 'name', cost: 'amount', emoji: 'emoji' } });
  if (!errors.name && others.some((r) => r.name.toLowerCase() === name.toLowerCase())) errors.name = messages.rewardDuplicate;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name, cost: body.cost, emoji } };
}
