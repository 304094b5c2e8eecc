import type { WeeklyReport } from '@familyos/contracts/rules';

/** An e-mail as the mail port sends it: a subject, a plain-text body and the same in simple HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What waits for a parent (issue 20's daily summary), each item named for the parent to recognise it. */
export interface WaitingItems {
  submittedTasks: { title: string; childName: string }[];
  childRequests: { title: string; childName: string }[];
  redemptions: { rewardName: string; childName: string; cost: number }[];
  skipRequests: { title: string; childName: string }[];
}

export const waitingCount = (w: WaitingItems) => w.submittedTasks.length + w.childRequests.length + w.redemptions.length + w.skipRequests.length;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where the member turns the mail off: the profile page, at the server's public address when it has one. */
function profileAt(publicUrl: string | null): string {
  return publicUrl ? `${publicUrl}/profile` : 'your Profile page in FamilyOS';
}

/**
 * Paragraphs (each a list of lines) as plain text and HTML. The last paragraph is always the unsubscribe line:
 * every mail says why it came and where to stop it.
 */
function render(subject: string, paragraphs: string[][], unsubscribe: string): MailContent {
  const all = [...paragraphs, [unsubscribe]];
  const text = `${all.map((lines) => lines.join('\n')).join('\n\n')}\n`;
  const body = all.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">\n${body}\n</body></html>\n`;
  return { subject, text, html };
}

/** "FamilyOS weekly report: <family> <week>": every child's figures as the report has them. */
export function weeklyReportMail(report: WeeklyReport, familyName: string, publicUrl: string | null): MailContent {
  const week = `${report.weekStartDate} to ${report.weekEndDate}`;
  const subject = `FamilyOS weekly report: ${familyName} ${week}`;
  const rankOf = new Map(report.leaderboard.map((r) => [r.userId, r.rank]));
  const children = report.children.map((c) => {
    const lines = [
      `${c.name}: ${plural(c.totalPoints, 'point')} (tasks ${c.bySource.tasks}, bonus ${c.bySource.bonus}), ${plural(c.tasksCompleted, 'task')} completed` +
        (c.averageScore === null ? '' : `, average score ${c.averageScore}/10`) +
        (rankOf.has(c.userId) ? `, rank ${rankOf.get(c.userId)}` : ''),
    ];
    if (c.achievements.length > 0) lines.push(`Achievements: ${c.achievements.map((a) => `${a.emoji} ${a.title}`).join(', ')}`);
    return lines;
  });
  return render(
    subject,
    [
      [`The weekly report of ${familyName}, ${week}.`],
      [`The family earned ${plural(report.totals.points, 'point')} and completed ${plural(report.totals.tasksCompleted, 'task')}.`],
      ...(children.length > 0 ? children : [['No child earned points this week.']]),
    ],
    `You get this e-mail because the weekly report is on in your e-mail settings. To stop it, turn it off on ${profileAt(publicUrl)}.`,
  );
}

/** The daily summary: what waits for a parent, grouped, with the count in the subject. */
export function dailyDigestMail(waiting: WaitingItems, familyName: string, day: string, publicUrl: string | null): MailContent {
  const count = waitingCount(waiting);
  const subject = `FamilyOS: ${plural(count, 'thing')} ${count === 1 ? 'waits' : 'wait'} for you in ${familyName}`;
  const section = <T>(title: string, items: T[], line: (item: T) => string) => (items.length === 0 ? [] : [[`${title}:`, ...items.map((i) => `- ${line(i)}`)]]);
  return render(
    subject,
    [
      [`What waits for you in ${familyName} on ${day}.`],
      ...section('Tasks to review', waiting.submittedTasks, (t) => `${t.title} (${t.childName})`),
      ...section('Child requests', waiting.childRequests, (t) => `${t.title} (${t.childName})`),
      ...section('Reward requests', waiting.redemptions, (r) => `${r.rewardName} for ${plural(r.cost, 'point')} (${r.childName})`),
      ...section('Skip requests', waiting.skipRequests, (t) => `${t.title} (${t.childName})`),
    ],
    `You get this e-mail because the daily summary is on in your e-mail settings. To stop it, turn it off on ${profileAt(publicUrl)}.`,
  );
}

/** The page a confirmation link opens in the web app (decision 043). */
export const confirmEmailPath = (token: string) => `/confirm-email/${token}`;

/**
 * The one mail an unconfirmed address gets (decision 043): the link proving its owner wants FamilyOS mail. It
 * carries no word a member chose (no family or member name): whoever typed the address cannot make FamilyOS
 * write to a stranger. Without a public address, the path is given to open in the FamilyOS the reader uses.
 */
export function emailConfirmationMail(token: string, expiresAt: string, publicUrl: string | null): MailContent {
  const path = confirmEmailPath(token);
  const link = publicUrl ? `${publicUrl}${path}` : path;
  return render(
    'Confirm your e-mail address for FamilyOS',
    [
      ['Someone asked FamilyOS, a family chores app, to send e-mail to this address.'],
      publicUrl ? ['If it was you, confirm the address by opening this link:', link] : ['If it was you, confirm the address by opening this page in your FamilyOS:', link],
      [`The link works once, until ${expiresAt.slice(0, 16).replace('T', ' ')} UTC.`],
    ],
    'If it was not you, ignore this e-mail: nothing more is sent to this address unless its link is opened.',
  );
}
