import { StreamQueue } from './stream-queue.js';

describe('StreamQueue', () => {
  it('gives turns on a stream in the order they were asked for, and forgets a stream nobody waits on', async () => {
    const queue = new StreamQueue();
    const order: number[] = [];
    const first = await queue.turn('s', 10_000);
    order.push(0);
    expect(queue.contended('s')).toBe(true);
    const second = queue.turn('s', 10_000).then((end) => {
      order.push(1);
      return end;
    });
    const third = queue.turn('s', 10_000).then((end) => {
      order.push(2);
      return end;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([0]);
    first();
    (await second)();
    (await third)();
    expect(order).toEqual([0, 1, 2]);
    expect(queue.contended('s')).toBe(false);
  });

  it('lets other streams go on, and gives up waiting after the longest wait', async () => {
    const queue = new StreamQueue();
    const endA = await queue.turn('a', 10_000);
    const endB = await queue.turn('b', 10_000);
    endB();
    let late = false;
    const waiting = queue.turn('a', 30).then((end) => {
      late = true;
      return end;
    });
    (await waiting)();
    expect(late).toBe(true);
    endA();
    expect(queue.contended('a')).toBe(false);
  });
});
