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

    const task = async (daysAgo: number, title: string, description: string, pointsValue: number, child: Actor, dueInDays: number | null) => {
      const due = dueInDays === null ? null : new Date(start + dueInDays * DAY).toISOString().slice(0, 10);
      const { taskId } = await at(daysAgo, 7, () =>
        run<{ taskId: string }>(new CreateTask(mom, { title, description, pointsValue, assignedTo: [child.id], dueDate: due })),
      );
      return taskId;
    };
    const step = (daysAgo: number, hour: number, actor: Actor, taskId: string, status: 'submitted' | 'approved' | 'rejected', score?: number) =>
      at(daysAgo, hour, () => run(new ChangeTaskStatus(actor, taskId, status === 'approved' ? { status, score } : { status })));

    const dishes = await task(6, 'Wash Dishes', 'Wash, dry and put away the dishes', 10, emma, null);
    await step(6, 19, emma, dishes, 'submitted');
    await step(6, 20, mom, dishes, 'approved', 9);
    const room = await task(5, 'Clean Room', 'Tidy up and put the toys away', 15, leo, null);
    await step(5, 17, leo, room, 'submitted');
    await step(5, 18, mom, room, 'approved', 8);
    const homework = await task(4, 'Homework', 'Finish the math worksheet', 20, emma, null);
    await step(4, 16, emma, homework, 'submitted');
    await step(4, 18, mom, homework, 'approved', 10);
    const bed = await task(3, 'Make Bed', 'Make your bed before school', 5, leo, null);
    await step(2, 8, leo, bed, 'submitted');
    await step(2, 9, mom, bed, 'rejected');
    const pets = await task(2, 'Feed Pets', 'Fresh food and water for Biscuit', 5, leo, null);
    await step(1, 18, leo, pets, 'submitted');
    await task(1, 'Reading Time', 'Read a chapter of your book', 15, emma, 1);
    await task(0, 'Take Out Trash', 'Bins go out tonight', 5, emma, 0);
    await task(0, 'Practice Instrument', 'Twenty minutes of piano', 15, leo, 2);
    await at(1, 17, () => run(new CreateTask(leo, { title: 'Build a LEGO set', description: 'The space station one', pointsValue: 10, requestType: 'want_to_do' })));
    await at(0, 7, () => run(new CreateTask(emma, { title: 'Helped Grandma with the garden', description: 'We planted tulips', pointsValue: 10, requestType: 'already_did' })));

    await at(4, 19, () => run(new IssuePoints(mom, { userId: emma.id, amount: 10, reason: 'Helped with the groceries' })));
    await at(3, 19, () => run(new IssuePoints(mom, { userId: leo.id, amount: 10, reason: 'Great week at school' })));
    await at(2, 12, () => run(new IssuePoints(mom, { userId: leo.id, amount: 5, reason: 'Kind to his sister' })));
    await at(1, 9, () => run(new IssuePoints(mom, { userId: leo.id, amount: -5, reason: 'Left toys on the stairs' })));

    const screen = await at(3, 15, () => run<{ redemptionId: string }>(new RequestRedemption(emma, 'Extra Screen Time (30 min)')));
    await at(3, 16, () => run(new DecideRedemption(mom, screen.redemptionId, emma.id, 'approved')));
    await at(0, 8, () => run(new RequestRedemption(leo, 'Extra Screen Time (30 min)')));
    this.logger.log('Created "The Demo Family": sign in as mom, emma or leo with password demo1234');
  }
}
