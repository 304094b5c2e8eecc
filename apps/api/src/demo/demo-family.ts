import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Actor } from '@familyos/domain';
import { AddComment, PostAnnouncement } from '../announcements/announcement.handlers.js';
import { RegisterFamily } from '../auth/register.handler.js';
import { CreateCalendarEvent } from '../calendar/calendar-event.handlers.js';
import { GenerateWeeklyReport } from '../reports/generate-report.handler.js';
import { AddMember, UpdateMember } from '../members/member.handlers.js';
import { IssuePoints } from '../points/issue-points.handler.js';
import { RequestRedemption } from '../redemptions/request-redemption.handler.js';
import { ReviewRedemption } from '../redemptions/review-redemption.handler.js';
import { CreateTask } from '../tasks/create-task.handler.js';
import { CreateChore } from '../chores/chore.handlers.js';
import { ReviewTask } from '../tasks/review-task.handler.js';
import { SubmitTask } from '../tasks/submit-task.handler.js';
import type { MovableClock } from '../platform/movable-clock.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { username: 'mom', name: 'Mom', role: 'admin' as const },
  { username: 'emma', name: 'Emma', role: 'child' as const },
  { username: 'leo', name: 'Leo', role: 'child' as const },
];

const DAY = 86_400_000;

/**
 * "The Demo Family" (DESIGN §5), written through the same commands a family would send, each at the time it
 * would have happened over the past week: tasks in every state, points, redemptions (one pending),
 * announcements with replies, a calendar of the coming weeks, and this week's report.
 */
@Injectable()
export class DemoFamilySeeder {
  private readonly logger = new Logger('DemoFamily');
  constructor(private readonly commands: CommandBus) {}

  async seed(clock: MovableClock): Promise<void> {
    const start = clock.now().getTime();
    const at = <T>(daysAgo: number, hour: number, fn: () => Promise<T>) => {
      const d = new Date(start - daysAgo * DAY);
      d.setUTCHours(hour, 0, 0, 0);
      return clock.at(new Date(Math.min(d.getTime(), start)), fn);
    };
    const run = <T>(command: object) => this.commands.execute(command as never) as Promise<T>;

    const { memberId: momId, familyId } = await at(7, 8, () =>
      run<{ memberId: string; familyId: string }>(
        new RegisterFamily({ username: 'mom', password: DEMO_PASSWORD, name: 'Mom', familyName: 'The Demo Family' }),
      ),
    );
    const mom: Actor = { id: momId, role: 'admin', familyId };
    const addChild = (username: string, name: string, age: number, avatar: string) =>
      at(7, 9, async () => {
        const { memberId } = await run<{ memberId: string }>(new AddMember(mom, { username, name, role: 'child', password: DEMO_PASSWORD, age }));
        await run(new UpdateMember(mom, memberId, { avatar }));
        return { id: memberId, role: 'child' as const, familyId };
      });
    await at(7, 8, () => run(new UpdateMember(mom, momId, { avatar: '👩' })));
    const emma = await addChild('emma', 'Emma', 10, '👧');
    const leo = await addChild('leo', 'Leo', 7, '👦');

    // The week as it happened, written in time order so the log (and the audit trail) reads like a real week.
    const tasks = new Map<string, string>();
    const dueIn = (days: number) => new Date(start + days * DAY).toISOString().slice(0, 10);
    const create = (key: string, title: string, description: string, pointsValue: number, child: Actor, dueDate: string | null = null) => async () => {
      const { taskId } = await run<{ taskId: string }>(new CreateTask(mom, { title, description, pointsValue, assignedTo: [child.id], dueDate }));
      tasks.set(key, taskId);
    };
    const move = (key: string, actor: Actor, status: 'submitted' | 'approved' | 'rejected', score?: number) => () =>
      run(status === 'submitted' ? new SubmitTask(actor, tasks.get(key)!) : new ReviewTask(actor, tasks.get(key)!, status === 'approved' ? { status, score } : { status }));
    const give = (child: Actor, amount: number, reason: string) => () => run(new IssuePoints(mom, { userId: child.id, amount, reason }));
    const chore = (title: string, description: string, pointsValue: number, schedule: Record<string, unknown>, sharing: Record<string, unknown>) => () =>
      run(new CreateChore(mom, { title, description, pointsValue, schedule: { ...schedule, startDay: dueIn(0) }, sharing, children: [emma.id, leo.id] }));
    let emmaScreenTime = '';
    const announcements = new Map<string, string>();
    const announce = (key: string, author: Actor, content: string) => async () => {
      const { announcementId } = await run<{ announcementId: string }>(new PostAnnouncement(author, { content, photoUrl: null }));
      announcements.set(key, announcementId);
    };
    const reply = (key: string, author: Actor, content: string) => () => run(new AddComment(author, announcements.get(key)!, { content }));
    // Family-local wall-clock times (no offset): the calendar reads them in the family's time zone.
    const localDay = (days: number) => new Date(start + days * DAY).toISOString().slice(0, 10);
    const event = (
      title: string,
      details: { in: number; at?: string; ends?: string; for?: Actor; category: string; color: string; description?: string; repeats?: 'daily' | 'weekly' | 'monthly' },
    ) =>
      () =>
        run(
          new CreateCalendarEvent(mom, {
            title,
            description: details.description ?? '',
            assignedTo: details.for?.id ?? null,
            startDate: details.at ? `${localDay(details.in)}T${details.at}:00` : `${localDay(details.in)}T00:00:00`,
            endDate: details.ends ? `${localDay(details.in)}T${details.ends}:00` : null,
            allDay: !details.at,
            category: details.category,
            color: details.color,
            isRecurring: Boolean(details.repeats),
            recurringType: details.repeats ?? null,
            recurringEndDate: null,
          }),
        );

    const week: [daysAgo: number, hour: number, step: () => Promise<unknown>][] = [
      [6, 7, create('dishes', 'Wash Dishes', 'Wash, dry and put away the dishes', 10, emma)],
      [6, 8, announce('welcome', mom, 'Welcome to FamilyOS, everyone! 🏠 Finish your tasks to earn Family Points, then spend them on rewards.')],
      [6, 18, reply('welcome', emma, 'Can I save up for the sleepover? 😍')],
      [6, 19, move('dishes', emma, 'submitted')],
      [6, 20, move('dishes', mom, 'approved', 9)],
      [5, 7, create('room', 'Clean Room', 'Tidy up and put the toys away', 15, leo)],
      [5, 17, move('room', leo, 'submitted')],
      [5, 18, move('room', mom, 'approved', 8)],
      [4, 7, create('homework', 'Homework', 'Finish the math worksheet', 20, emma)],
      [4, 16, move('homework', emma, 'submitted')],
      [4, 18, move('homework', mom, 'approved', 10)],
      [4, 19, give(emma, 10, 'Helped with the groceries')],
      [4, 20, event('Swim practice', { in: 1, at: '17:30', ends: '18:30', for: emma, category: 'Sports', color: '#06B6D4', description: 'Bring goggles and a towel', repeats: 'weekly' })],
      [4, 20, event('Piano lesson', { in: 2, at: '16:00', ends: '16:45', for: leo, category: 'School', color: '#84CC16', repeats: 'weekly' })],
      [3, 7, create('bed', 'Make Bed', 'Make your bed before school', 5, leo)],
      [3, 15, async () => (emmaScreenTime = (await run<{ redemptionId: string }>(new RequestRedemption(emma, 'Extra Screen Time (30 min)'))).redemptionId)],
      [3, 16, () => run(new ReviewRedemption(mom, emmaScreenTime, emma.id, 'approved'))],
      [3, 19, give(leo, 10, 'Great week at school')],
      [2, 7, create('pets', 'Feed Pets', 'Fresh food and water for Biscuit', 5, leo)],
      [2, 8, move('bed', leo, 'submitted')],
      [2, 9, move('bed', mom, 'rejected')],
      [2, 12, give(leo, 5, 'Kind to his sister')],
      [2, 13, announce('pizza', mom, '🍕 Pizza night this Friday! Everyone gets to pick one topping. Finish your tasks first!')],
      [2, 16, reply('pizza', emma, 'Can we have pineapple? 🍍')],
      [2, 17, reply('pizza', leo, 'NO pineapple!!! 🙅')],
      [2, 20, event('Dentist check-up', { in: 3, at: '10:00', ends: '10:30', for: leo, category: 'Appointments', color: '#EF4444', description: 'Dr. Patel, second floor' })],
      [2, 20, event('Family movie night', { in: 5, at: '19:00', ends: '21:00', category: 'Social', color: '#8B5CF6', description: 'Leo picks the film this time' })],
      [1, 7, create('reading', 'Reading Time', 'Read a chapter of your book', 15, emma, dueIn(1))],
      [1, 9, give(leo, -5, 'Left toys on the stairs')],
      [1, 17, () => run(new CreateTask(leo, { title: 'Build a LEGO set', description: 'The space station one', pointsValue: 10, requestType: 'want_to_do' }))],
      [1, 18, move('pets', leo, 'submitted')],
      [1, 19, announce('library', emma, 'I finished my library book! 📚 Can we go to the library again on Saturday?')],
      [1, 20, reply('library', mom, 'Yes! Right after breakfast. So proud of you, Emma.')],
      [1, 20, event('School trip: science museum', { in: 9, category: 'School', color: '#F59E0B', for: emma, description: 'Packed lunch, permission slip signed' })],
      [1, 21, event("Grandma's birthday", { in: 12, category: 'Social', color: '#EC4899', description: 'Cake at our place' })],
      [0, 6, create('trash', 'Take Out Trash', 'Bins go out tonight', 5, emma, dueIn(0))],
      [0, 6, create('piano', 'Practice Instrument', 'Twenty minutes of piano', 15, leo, dueIn(2))],
      // Repeating chores (issue 19): the chores' clock makes today's turn as soon as the server runs.
      [0, 6, chore('Set the Table', 'Plates, cups and napkins before dinner', 5, { repeat: 'daily', dueTime: '18:00' }, { mode: 'turns', order: 'roundRobin' })],
      [0, 6, chore('Water the Plants', 'Every pot on the balcony', 5, { repeat: 'weekdays', weekdays: [1, 4] }, { mode: 'firstCome' })],
      [0, 7, () => run(new CreateTask(emma, { title: 'Helped Grandma with the garden', description: 'We planted tulips', pointsValue: 10, requestType: 'already_did' }))],
      [0, 8, () => run(new RequestRedemption(leo, 'Extra Screen Time (30 min)'))],
      // Mom looks at the week so far: the Reports page opens on a report with something in it.
      [0, 9, () => run(new GenerateWeeklyReport(mom, familyId, 'manual'))],
    ];
    for (const [daysAgo, hour, step] of week) await at(daysAgo, hour, step);
    this.logger.log('Created "The Demo Family": sign in as mom, emma or leo with password demo1234');
  }
}
