/** SPEC §2: three sample announcements a parent can start from (a click fills the form). */
export const SAMPLE_ANNOUNCEMENTS = [
  { label: '🍕 Pizza night', text: '🍕 Pizza night this Friday! Everyone gets to pick one topping. Finish your tasks first!' },
  { label: '🧹 Clean-up', text: '🧹 Family clean-up on Saturday at 10:00. Many hands make light work: bonus points for everyone who helps!' },
  { label: '🎉 Well done', text: '🎉 Great job this week, everyone! Thank you for all your help around the house.' },
] as const;
