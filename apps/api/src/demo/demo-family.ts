import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Actor } from '@familyos/domain';
import { RegisterFamily } from '../auth/register.handler.js';
import { AddMember, UpdateMember } from '../members/member.handlers.js';
import { IssuePoints } from '../points/issue-points.handler.js';
import { DecideRedemption, RequestRedemption } from '../redemptions/redemption.handlers.js';
import { CreateTask } from '../tasks/create-task.handler.js';
import { ChangeTaskStatus } from '../tasks/review-task.handler.js';
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
 * would have happened over the past week: tasks in every state, points, redemptions (one pending).
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
      run(new ChangeTaskStatus(actor, tasks.get(key)!, status === 'approved' ? { status, score } : { status }));
    const give = (child: Actor, amount: number, reason: string) => () => run(new IssuePoints(mom, { userId: child.id, amount, reason }));
    let emmaScreenTime = '';

    const week: [daysAgo: number, hour: number, step: () => Promise<unknown>][] = [
      [6, 7, create('dishes', 'Wash Dishes', 'Wash, dry and put away the dishes', 10, emma)],
      [6, 19, move('dishes', emma, 'submitted')],
      [6, 20, move('dishes', mom, 'approved', 9)],
      [5, 7, create('room', 'Clean Room', 'Tidy up and put the toys away', 15, leo)],
      [5, 17, move('room', leo, 'submitted')],
      [5, 18, move('room', mom, 'approved', 8)],
      [4, 7, create('homework', 'Homework', 'Finish the math worksheet', 20, emma)],
      [4, 16, move('homework', emma, 'submitted')],
      [4, 18, move('homework', mom, 'approved', 10)],
      [4, 19, give(emma, 10, 'Helped with the groceries')],
      [3, 7, create('bed', 'Make Bed', 'Make your bed before school', 5, leo)],
      [3, 15, async () => (emmaScreenTime = (await run<{ redemptionId: string }>(new RequestRedemption(emma, 'Extra Screen Time (30 min)'))).redemptionId)],
      [3, 16, () => run(new DecideRedemption(mom, emmaScreenTime, emma.id, 'approved'))],
      [3, 19, give(leo, 10, 'Great week at school')],
      [2, 7, create('pets', 'Feed Pets', 'Fresh food and water for Biscuit', 5, leo)],
      [2, 8, move('bed', leo, 'submitted')],
      [2, 9, move('bed', mom, 'rejected')],
      [2, 12, give(leo, 5, 'Kind to his sister')],
      [1, 7, create('reading', 'Reading Time', 'Read a chapter of your book', 15, emma, dueIn(1))],
      [1, 9, give(leo, -5, 'Left toys on the stairs')],
      [1, 17, () => run(new CreateTask(leo, { title: 'Build a LEGO set', description: 'The space station one', pointsValue: 10, requestType: 'want_to_do' }))],
      [1, 18, move('pets', leo, 'submitted')],
      [0, 6, create('trash', 'Take Out Trash', 'Bins go out tonight', 5, emma, dueIn(0))],
      [0, 6, create('piano', 'Practice Instrument', 'Twenty minutes of piano', 15, leo, dueIn(2))],
      [0, 7, () => run(new CreateTask(emma, { title: 'Helped Grandma with the garden', description: 'We planted tulips', pointsValue: 10, requestType: 'already_did' }))],
      [0, 8, () => run(new RequestRedemption(leo, 'Extra Screen Time (30 min)'))],
    ];
    for (const [daysAgo, hour, step] of week) await at(daysAgo, hour, step);
    this.logger.log('Created "The Demo Family": sign in as mom, emma or leo with password demo1234');
  }
}
