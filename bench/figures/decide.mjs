// A command decided on a child's account stream of 10,000 events: load + decide + append (decision 016).
import { judge } from '../budgets.mjs';
import { SHORT_ACCOUNT, decideOnce, growAccount, openStore, runnerOn } from '../lib/account-stream.mjs';

export const title = 'Deciding on a long stream';

const STREAM_EVENTS = 10000;
const WARMUP = 30;
const COMMANDS = 400;

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => Number(x.toFixed(2));

export async function run(ctx) {
  const store = openStore(ctx.tmp('decide'));
  try {
    await growAccount(store, STREAM_EVENTS);
    await growAccount(store, 1, SHORT_ACCOUNT);
    // A fresh runner: its first load finds no snapshot and folds all 10,000 events, then writes one.
    const firstEver = (await decideOnce(runnerOn(store), 0)).total;
    await new Promise((resolve) => setImmediate(resolve));
    // Another fresh runner (as after a restart): its first load starts from the stored snapshot.
    const runner = runnerOn(store);
    const afterRestart = (await decideOnce(runner, 1)).total;
    for (let i = 0; i < WARMUP; i += 1) await decideOnce(runner, i);
    const long = [];
    const short = [];
    // Interleaved with the same command on a one-event account, so both see the same disk and the same load.
    for (let i = 0; i < COMMANDS; i += 1) {
      long.push(await decideOnce(runner, i));
      short.push(await decideOnce(runner, i, SHORT_ACCOUNT));
    }
    const total = long.map((m) => m.total);
    const loadDecide = long.map((m) => m.loadDecide);
    const shortTotal = short.map((m) => m.total);
    ctx.log(`  first load without any snapshot ${firstEver.toFixed(1)} ms; first after a restart (stored snapshot) ${afterRestart.toFixed(1)} ms`);
    ctx.log(`  same commands on a one-event account: p50 ${percentile(shortTotal, 0.5).toFixed(2)} ms, p99 ${percentile(shortTotal, 0.99).toFixed(2)} ms`);
    const how = `${COMMANDS} IssuePoints/RequestRedemption one at a time through CommandRunner, SQLite at FULL`;
    const shortNote = `one-event account, same run: p50 ${percentile(shortTotal, 0.5).toFixed(2)}, p99 ${percentile(shortTotal, 0.99).toFixed(2)} ms`;
    return [
      { ...judge('decide:account-10k', ms(percentile(total, 0.5)), `load + decide + append, p50; ${how}`), name: 'decide:account-10k:p50' },
      { ...judge('decide:account-10k', ms(percentile(total, 0.99)), `load + decide + append, p99; ${shortNote}`), name: 'decide:account-10k:p99' },
      {
        ...judge('decide:account-10k', ms(percentile(loadDecide, 0.99)), `load + decide alone, p99; first load after a restart ${afterRestart.toFixed(1)} ms, with no snapshot at all ${firstEver.toFixed(0)} ms`),
        name: 'decide:account-10k:load+decide:p99',
      },
    ];
  } finally {
    await store.close();
  }
}
