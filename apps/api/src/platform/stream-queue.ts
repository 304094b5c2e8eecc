/**
 * First-come-first-served turns on contended streams, within one process. Group commit (decision 015) lets
 * requests interleave between a command's read and its commit, so a burst on one stream (a child's account)
 * would mostly fail its expected revisions and exhaust its retries; queueing the commands of a stream that has
 * just seen a conflict gives each one a turn instead. Only a shortcut: correctness still rests on the store's
 * expected revisions, which is why a turn that takes too long (say, two commands waiting on each other's
 * streams) is given up and the command goes ahead without it.
 */
export class StreamQueue {
  private readonly queues = new Map<string, { tail: Promise<void>; members: number }>();

  /** Whether commands are queueing on this stream right now. */
  contended(streamId: string): boolean {
    return this.queues.has(streamId);
  }

  /** Waits for this stream's turn (at most `maxWaitMs`) and answers the function that ends it. */
  async turn(streamId: string, maxWaitMs: number): Promise<() => void> {
    const queue = this.queues.get(streamId) ?? { tail: Promise.resolve(), members: 0 };
    this.queues.set(streamId, queue);
    const before = queue.tail;
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    queue.tail = before.then(() => mine);
    queue.members += 1;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([before, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
    clearTimeout(timer);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end();
      queue.members -= 1;
      if (queue.members === 0 && this.queues.get(streamId) === queue) this.queues.delete(streamId);
    };
  }
}
