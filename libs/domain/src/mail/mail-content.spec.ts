import type { WeeklyReport } from '@familyos/contracts/rules';
import { dailyDigestMail, emailConfirmationMail, waitingCount, weeklyReportMail, type WaitingItems } from './mail-content.js';

const report = {
  weekStartDate: '2026-10-27',
  weekEndDate: '2026-11-02',
  children: [
    { userId: 'ada', name: 'Ada', avatar: '👧', totalPoints: 12, byCategory: { chores: 12, school: 0, behavior: 0 }, tasksCompleted: 2, averageScore: 8.5, achievements: [{ id: 'a', title: 'Busy Bee', emoji: '🐝', description: '' }], dailyPoints: [], bySource: { tasks: 10, bonus: 2 } },
    { userId: 'ben', name: 'Ben <b>', avatar: '👦', totalPoints: 1, byCategory: { chores: 0, school: 0, behavior: 1 }, tasksCompleted: 0, averageScore: null, achievements: [], dailyPoints: [], bySource: { tasks: 0, bonus: 1 } },
  ],
  leaderboard: [
    { rank: 1, userId: 'ada', name: 'Ada', avatar: '👧', weeklyTotal: 12 },
    { rank: 2, userId: 'ben', name: 'Ben <b>', avatar: '👦', weeklyTotal: 1 },
  ],
  totals: { points: 13, tasksCompleted: 2 },
} as unknown as WeeklyReport;

describe('mail content', () => {
  it('the weekly report: subject with family and week, each child\'s figures, an unsubscribe line to the profile page', () => {
    const mail = weeklyReportMail(report, 'The Smiths', 'https://family.example.org');
    expect(mail.subject).toBe('FamilyOS weekly report: The Smiths 2026-10-27 to 2026-11-02');
    expect(mail.text).toContain('The family earned 13 points and completed 2 tasks.');
    expect(mail.text).toContain('Ada: 12 points (tasks 10, bonus 2), 2 tasks completed, average score 8.5/10, rank 1');
    expect(mail.text).toContain('Achievements: 🐝 Busy Bee');
    expect(mail.text).toContain('Ben <b>: 1 point (tasks 0, bonus 1), 0 tasks completed, rank 2');
    expect(mail.text).toContain('turn it off on https://family.example.org/profile');
    // HTML escapes what members typed.
    expect(mail.html).toContain('Ben &lt;b&gt;');
    expect(mail.html).not.toContain('Ben <b>');
  });

  it('the daily summary lists what waits, by kind, with the count in the subject', () => {
    const waiting: WaitingItems = {
      submittedTasks: [{ title: 'Dishes', childName: 'Ada' }],
      childRequests: [{ title: 'Bake a cake', childName: 'Ben' }],
      redemptions: [{ rewardName: 'Movie night', childName: 'Ada', cost: 30 }],
      skipRequests: [],
    };
    expect(waitingCount(waiting)).toBe(3);
    const mail = dailyDigestMail(waiting, 'The Smiths', '2026-11-02', null);
    expect(mail.subject).toBe('FamilyOS: 3 things wait for you in The Smiths');
    expect(mail.text).toContain('Tasks to review:\n- Dishes (Ada)');
    expect(mail.text).toContain('Child requests:\n- Bake a cake (Ben)');
    expect(mail.text).toContain('Reward requests:\n- Movie night for 30 points (Ada)');
    expect(mail.text).not.toContain('Skip requests');
    expect(mail.text).toContain('turn it off on your Profile page in FamilyOS');
  });

  it('the confirmation mail: the link, when it expires, and no word a member chose (decision 043)', () => {
    const mail = emailConfirmationMail('tok_EN-1', '2026-11-29T09:30:00.000Z', 'https://family.example.org');
    expect(mail.subject).toBe('Confirm your e-mail address for FamilyOS');
    expect(mail.text).toContain('https://family.example.org/confirm-email/tok_EN-1');
    expect(mail.text).toContain('until 2026-11-29 09:30 UTC');
    expect(mail.text).toContain('If it was not you, ignore this e-mail');
    expect(mail.html).toContain('https://family.example.org/confirm-email/tok_EN-1');
    expect(emailConfirmationMail('tok', '2026-11-29T09:30:00.000Z', null).text).toContain('\n/confirm-email/tok\n');
  });
});
