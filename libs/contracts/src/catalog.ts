/** SPEC §3: the 18 built-in task templates and the default reward table. Shared by api and web. */
export interface TemplateDefinition {
  title: string;
  description: string;
  points: number;
  emoji: string;
}

export const BUILT_IN_TEMPLATES: readonly TemplateDefinition[] = [
  { title: 'Take Out Trash', description: 'Take the trash and recycling out to the bins', points: 5, emoji: '🗑️' },
  { title: 'Wash Dishes', description: 'Wash, dry and put away the dishes', points: 10, emoji: '🍽️' },
  { title: 'Clean Room', description: 'Tidy up, put toys away and make the floor clear', points: 15, emoji: '🧹' },
  { title: 'Make Bed', description: 'Make your bed neatly in the morning', points: 5, emoji: '🛏️' },
  { title: 'Vacuum Living Room', description: 'Vacuum the living room floor and rugs', points: 10, emoji: '🧽' },
  { title: 'Feed Pets', description: 'Give the pets fresh food and water', points: 5, emoji: '🐕' },
  { title: 'Set/Clear Table', description: 'Set the table before a meal and clear it after', points: 5, emoji: '🍴' },
  { title: 'Fold Laundry', description: 'Fold the clean laundry and put it away', points: 8, emoji: '👕' },
  { title: 'Homework', description: 'Finish all of today\'s homework', points: 20, emoji: '📚' },
  { title: 'Reading Time', description: 'Read a book for 30 minutes', points: 15, emoji: '📖' },
  { title: 'Finish Online English Class', description: 'Attend and finish the online English class', points: 10, emoji: '💻' },
  { title: 'Chinese Class with Grandpa', description: 'Practise Chinese with Grandpa', points: 10, emoji: '🀄' },
  { title: 'Practice Instrument', description: 'Practise your instrument for 20 minutes', points: 15, emoji: '🎹' },
  { title: 'Study Math', description: 'Work through math practice for 20 minutes', points: 15, emoji: '🔢' },
  { title: 'Brush Teeth', description: 'Brush your teeth morning and night', points: 5, emoji: '🪥' },
  { title: 'Get Ready for School', description: 'Get dressed, pack your bag and be ready on time', points: 8, emoji: '🎒' },
  { title: 'Exercise/Sports', description: 'Play a sport or exercise for 30 minutes', points: 10, emoji: '⚽' },
  { title: 'Healthy Eating', description: 'Eat your fruit and vegetables today', points: 8, emoji: '🥦' },
];

export const BUILT_IN_TEMPLATE_TITLES: ReadonlySet<string> = new Set(BUILT_IN_TEMPLATES.map((t) => t.title));

export interface RewardDefinition {
  name: string;
  cost: number;
  emoji: string;
  description: string;
}

export const DEFAULT_REWARDS: readonly RewardDefinition[] = [
  { name: 'Cash Reward', cost: 50, emoji: '💵', description: 'Pocket money' },
  { name: 'Cash', cost: 50, emoji: '💵', description: 'Pocket money' },
  { name: 'gift card', cost: 100, emoji: '🎮', description: 'A game gift card' },
  { name: 'Extra Screen Time (30 min)', cost: 25, emoji: '📱', description: '30 extra minutes of screen time' },
  { name: 'Extra Screen Time', cost: 25, emoji: '📱', description: 'Extra screen time' },
  { name: 'Extra Screen Time (1 hour)', cost: 50, emoji: '📺', description: 'An extra hour of screen time' },
  { name: 'Family Movie Night', cost: 75, emoji: '🎬', description: 'You pick the movie' },
  { name: 'Movies', cost: 75, emoji: '🍿', description: 'A trip to the movies' },
  { name: 'Special Toy', cost: 150, emoji: '🧸', description: 'A special toy' },
  { name: 'Toys', cost: 100, emoji: '🧸', description: 'A new toy' },
  { name: 'Sleepover', cost: 50, emoji: '🏕️', description: 'Sleepover with friends' },
  { name: 'Clothes at the Mall (400 Baht)', cost: 400, emoji: '👗', description: 'Clothes at the mall' },
];

/** The rewards a new family starts with. */
export const STARTER_REWARDS = ['Extra Screen Time (30 min)', 'Family Movie Night', 'Sleepover', 'Special Toy'];

/** SPEC §3: a name in the table keeps its cost and emoji; any other name costs 50 and shows a gift. */
export function defaultReward(name: string): { name: string; cost: number; emoji: string } {
  const known = DEFAULT_REWARDS.find((r) => r.name === name);
  return { name, cost: known?.cost ?? 50, emoji: known?.emoji ?? '🎁' };
}

/** About 80 emoji for the avatar picker (SPEC §2 modals). */
export const AVATARS = [
  '😀', '😃', '😄', '😁', '😆', '😊', '🙂', '😉', '😍', '🥰', '😎', '🤓', '🥳', '🤩', '😇', '🤠',
  '👦', '👧', '🧒', '👨', '👩', '🧑', '👴', '👵', '👶', '🧔', '👱', '🦸', '🦹', '🧙', '🧚', '🧜',
  '🐶', '🐱', '🐭', '🐹', '🐰', '🦊', '🐻', '🐼', '🐨', '🐯', '🦁', '🐮', '🐷', '🐸', '🐵', '🐔',
  '🐧', '🐦', '🦄', '🐝', '🦋', '🐢', '🐙', '🦖', '🦕', '🐬', '🐳', '🦈', '🌸', '🌻', '🌈', '⭐',
  '🌙', '☀️', '⚡', '🔥', '🍕', '🍩', '🍦', '🍓', '⚽', '🏀', '🎸', '🎨', '🚀', '🚗', '👑', '💎',
];
