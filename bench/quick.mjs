// `npm run bench:quick` (issue 27, decision 053): the guard every change runs before it is committed. bench/run.mjs
// --quick runs QUICK_FIGURES with shorter rounds (BENCH_QUICK) and then prints each figure beside the last full
// run's, read from docs/benchmarks.md, flagging any more than 10 % worse in the direction that is worse for it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { betterWhen } from './budgets.mjs';

export const QUICK_FIGURES = ['server', 'aged'];
/** A figure more than this much worse than the last full run's is flagged. */
export const WORSE_THAN = 0.1;

/** The Results table of docs/benchmarks.md: figure name → value (NaN for '—'), and the run's date and commit. */
export function lastFullRun(root) {
  const file = join(root, 'docs', 'benchmarks.md');
  if (!existsSync(file)) return { values: new Map(), date: 'none', commit: 'none' };
  const text = readFileSync(file, 'utf8');
  const values = new Map();
  const results = text.slice(text.indexOf('## Results'), text.indexOf('## Notes'));
  for (const line of results.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || cells[1] === 'Figure' || cells[1].startsWith('---')) continue;
    values.set(cells[1], Number(cells[2].replace(/,/g, '')));
  }
  return { values, date: /- Date: (.*)/.exec(text)?.[1] ?? 'unknown', commit: /- Commit: (.*)/.exec(text)?.[1] ?? 'unknown' };
}

/** How much worse `now` is than `last` (0.25 = 25 % worse; negative: better), for a figure better `higher` or `lower`. */
export function worseBy(now, last, better) {
  if (!Number.isFinite(now) || !Number.isFinite(last) || last === 0) return NaN;
  return better === 'higher' ? (last - now) / Math.abs(last) : (now - last) / Math.abs(last);
}

export function compareWithLastRun(rows, { root, fmt, seconds }) {
  const last = lastFullRun(root);
  const table = rows.map((r) => {
    const before = last.values.get(r.name) ?? NaN;
    const better = betterWhen(r.name);
    const worse = worseBy(r.value, before, better);
    const change = Number.isFinite(worse) ? `${Math.abs(Math.round(worse * 100))} % ${worse > 0 ? 'worse' : 'better'}` : Number.isFinite(before) ? 'not measured' : 'new figure';
    return { name: r.name, now: fmt(r.value), before: fmt(before), better: `${better} is better`, change, flag: worse > WORSE_THAN ? `WORSE by more than ${WORSE_THAN * 100} %` : '' };
  });
  const cols = [
    ['Figure', 'name'],
    ['Now', 'now'],
    ['Last full run', 'before'],
    ['', 'better'],
    ['Change', 'change'],
    ['', 'flag'],
  ];
  const widths = cols.map(([h, k]) => Math.max(h.length, ...table.map((t) => String(t[k]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  console.log(`\nbench:quick against the last full run (docs/benchmarks.md: ${last.date}, commit ${last.commit}); quick rounds are shorter, so read small changes as noise`);
  console.log(`${line(cols.map(([h]) => h))}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const t of table) console.log(line(cols.map(([, k]) => t[k])));
  const flagged = table.filter((t) => t.flag);
  console.log(
    `\n${flagged.length} of ${table.length} figures more than ${WORSE_THAN * 100} % worse than the last full run${flagged.length ? `: ${flagged.map((t) => t.name).join(', ')}` : ''}; ${(seconds / 60).toFixed(1)} min.` +
      (flagged.length ? ' A change that makes a figure worse says why in its commit (README, "Before you commit").' : ''),
  );
}
