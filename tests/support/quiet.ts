import type { RunningApp } from '@familyos/api';

/**
 * Until every reactor and projection of a running server has caught up with the log and nothing more is
 * appended: the effects of a call (an approval settling a chore's occurrence, which may credit a streak bonus)
 * and the effects of those.
 */
export async function untilQuietApp(running: RunningApp, timeoutMs = 10_000): Promise<void> {
  for (;;) {
    const head = await running.events.headPosition();
    if (!(await running.reactors.waitFor(head, timeoutMs))) throw new Error(`the reactors did not reach ${head}`);
    if (running.runner && !(await running.runner.waitFor(head, timeoutMs))) throw new Error(`the projections did not reach ${head}`);
    if ((await running.events.headPosition()) === head) return;
  }
}
