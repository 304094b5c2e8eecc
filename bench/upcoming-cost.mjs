// CPU per GET /api/chores/upcoming (decision 068): the route's query in process, on read-model rows held in
// memory (so only the query's own work is timed), for the bench's family of six daily chores shared by three
// children, new (one open period each) and a year old (the 60 periods a chore keeps).
//   node bench/upcoming-cost.mjs [--rounds 8] [--reps 2000] [root ...]
// Each root is a checkout whose apps/api/dist is built; several roots are timed interleaved, round by round,
// as CPU time (process.cpuUsage) per call, so other work on a shared machine barely moves the figures.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return Number(value);
};
const rounds = option('--rounds', 8);
const reps = option('--reps', 2000);
const roots = args.length > 0 ? args : [process.cwd()];

const NOW = new Date('2026-03-26T14:00:00Z'); // Europe/Berlin: a DST change (29 March) inside the week asked.
const ZONE = 'Europe/Berlin';
const day = (offset) => new Date(Date.UTC(2026, 2, 26 + offset)).toISOString().slice(0, 10);
const FROM = day(0);
const TO = day(6);
const FAMILY = 'fam-1';
const kids = ['kid-a', 'kid-b', 'kid-c'];
const members = [
  { id: 'parent-1', familyId: FAMILY, role: 'admin', name: 'Pat', pauses: [] },
  ...kids.map((id, i) => ({ id, familyId: FAMILY, role: 'child', name: `Kid ${i}`, pauses: [] })),
];

function chores(ageDays) {
  return Array.from({ length: 6 }, (_, c) => {
    const id = `chore-${c}`;
    const kept = Math.min(60, ageDays + 1);
    const recentPeriods = Array.from({ length: kept }, (_, k) => {
      const periodKey = day(k - kept + 1);
      const taskIds = kids.map((kid) => `${id}_${periodKey}_${kid}`);
      const settled = periodKey < FROM;
      const outcomes = settled ? taskIds.map((taskId, i) => ({ taskId, childId: kids[i], outcome: i === 2 && k % 3 === 0 ? 'missed' : 'done', at: `${periodKey}T17:00:00.000Z` })) : [];
      return { periodKey, assignees: [...kids], taskIds, outcomes };
    });
    return {
      id, familyId: FAMILY, title: `Chore ${c}`, description: '', pointsValue: 5,
      schedule: { repeat: 'daily', basis: 'fixed', startDay: day(-ageDays), dueTime: c % 2 ? '18:30' : null, endDay: null },
      sharing: { mode: 'everyone' }, children: [...kids], missedDeduction: 2, status: 'active', pausedOn: null, endedOn: null,
      createdBy: 'parent-1', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(),
      lastPeriod: recentPeriods.at(-1).periodKey, recentPeriods,
    };
  });
}

const readModelsOf = (rows) => ({
  get: async (collection, id) => (collection === 'families' && id === FAMILY ? { id: FAMILY, timeZone: ZONE } : null),
  find: async (collection) => (collection === 'chores' ? rows : collection === 'members' ? members : []),
});

const subjects = [];
for (const root of roots) {
  const { ChoresQueries } = await import(pathToFileURL(path.resolve(root, 'apps/api/dist/chores/chores.queries.js')).href);
  for (const age of [0, 365]) {
    const queries = new ChoresQueries(readModelsOf(chores(age)), { now: () => NOW });
    for (const actor of [{ id: 'parent-1', role: 'admin', familyId: FAMILY }, { id: 'kid-a', role: 'child', familyId: FAMILY }]) {
      subjects.push({ root, label: `${age === 0 ? 'new' : '1 year'} ${actor.role === 'child' ? 'child' : 'parent'}`, run: () => queries.upcoming(actor, FROM, TO), cpu: [] });
    }
  }
}

for (const s of subjects) for (let i = 0; i < 200; i += 1) await s.run(); // warm up
for (let r = 0; r < rounds; r += 1) {
  for (const s of subjects) {
    const before = process.cpuUsage();
    for (let i = 0; i < reps; i += 1) await s.run();
    const used = process.cpuUsage(before);
    s.cpu.push((used.user + used.system) / reps);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const s of subjects) console.log(`${s.root}\t${s.label}\t${median(s.cpu).toFixed(1)} µs CPU/request (median of ${rounds} rounds × ${reps})\tanswers ${(await s.run()).length}`);
