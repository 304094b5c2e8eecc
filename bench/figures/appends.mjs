// Durable appends per second with group commit, against one transaction per append in the same run
// (decision 015). Both commit at synchronous=FULL: an acknowledged append is on disk.
import { judge } from '../budgets.mjs';
import { appendRate } from '../lib/appenders.mjs';

export const title = 'Durable appends (group commit)';

const APPENDERS = 50;
const DURATION_MS = 3000;
const ROUNDS = 2;

export async function run(ctx) {
  const dir = ctx.tmp('appends');
  const group = [];
  const single = [];
  // Alternated, so a burst of other load on the machine hits both modes alike; the best round of each counts.
  for (let round = 0; round < ROUNDS; round += 1) {
    single.push(await appendRate({ dir, name: `single-${round}`, appenders: APPENDERS, durationMs: DURATION_MS, groupCommit: false }));
    group.push(await appendRate({ dir, name: `group-${round}`, appenders: APPENDERS, durationMs: DURATION_MS, groupCommit: true }));
    ctx.log(`  round ${round + 1}: one commit per append ${single[round].toFixed(0)}/s, group commit ${group[round].toFixed(0)}/s`);
  }
  const best = (xs) => Math.max(...xs);
  const g = best(group);
  const s = best(single);
  const how = `${APPENDERS} concurrent appenders, 1 event each, synchronous=FULL, WAL, best of ${ROUNDS} × ${DURATION_MS / 1000} s`;
  return [
    judge('appends:group-commit', Math.round(g), `${how}; one commit per append: ${Math.round(s)}/s`),
    judge('appends:group-commit:speed-up', Number((g / s).toFixed(1)), 'group commit ÷ one commit per append, same run, same disk'),
  ];
}
