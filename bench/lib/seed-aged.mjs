// An aged family for the bench (issue 27, decision 053): one family living `days` days with repeating chores,
// written straight into a fresh event store (store-writer.mjs) by the real deciders of libs/domain, day by day
// as the app would have written it, then the real rebuild. `days = 0` is a new family (the same members and
// chores, made today); 365 and 1,825 are the one- and five-year families.
//
// The family: an admin and a second parent, three children, six daily chores each child does (sharing
// "everyone": a task per chore per child per day, 18 a day, 32,850 in five years), deducting 2 FP for a missed
// one. Each day, as the chore clock and its reactors write it: at midnight yesterday's open occurrences are
// missed (with the deduction) and today's period is recorded with its tasks; a child does an occurrence (submit,
// then a parent approves it with its points) or asks to skip it (a parent lets them) or misses it, in
// proportions per child (90/3/7 %, 80/5/15 %, 65/5/30 %); each settling is settled on the chore's stream; at
// 16:00 each child with work left is reminded. Each week: the second parent gives a child points, each child
// who can afford it asks for a reward (a parent approves nine in ten), a parent posts an announcement that two
// children comment on, the scheduler writes the weekly report. Members read their notifications (the admin
// daily, the other parent weekly, the children every other day). Today: its tasks, two handed in.
// Streak bonuses are off (the family set no milestones): the streak-bonus reactor's credits would need every
// chore's history folded at each settlement, and leaving them out keeps the log exactly what the app writes.
// A seeded store's reactors (settlement, streak bonus) are checkpointed at its head: the history's effects are
// in the log already, so an api started on it does not react to five years again.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { streams } from '@familyos/events';
import {
  announcementDecider,
  choreDecider,
  choreReminderDecider,
  familyDecider,
  notificationReadsDecider,
  pointsAccountDecider,
  reportWeekOf,
  SYSTEM_ACTOR,
  taskDecider,
  weeklyReportDecider,
} from '@familyos/domain';
import { limits } from '@familyos/contracts';
import { runRebuild } from './seed-scale.mjs';
import { memberAppends, openStoreWriter, root, seedPasswordHash } from './store-writer.mjs';

export const AGED_PASSWORD = 'bench-aged-password-1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MANIFEST = 'seed-aged.json';

const CHORES = [
  { title: 'Make your bed', pointsValue: 5 },
  { title: 'Feed the cat', pointsValue: 10 },
  { title: 'Tidy your room', pointsValue: 10 },
  { title: 'Homework', pointsValue: 15 },
  { title: 'Set the table', pointsValue: 5 },
  { title: 'Read for 20 minutes', pointsValue: 10 },
];
/** Per child: the share of occurrences done, and of those asked to skip; the rest are missed. */
const HABITS = [
  { done: 0.9, skip: 0.03 },
  { done: 0.8, skip: 0.05 },
  { done: 0.65, skip: 0.05 },
];

/** A small seeded generator (mulberry32): the same family every time for the same days and dates. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayKey = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Writes the family into `<dataDir>/events.sqlite` (which must not exist) and answers its manifest: the
 * sign-ins, the number of events and tasks. `now` is the seeding's present: history ends before it.
 */
export async function writeAgedFamily(dataDir, { days, now = Date.now(), log = () => {} }) {
  const rnd = random(20261128 + days);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const passwordHash = await seedPasswordHash(AGED_PASSWORD);
  const store = await openStoreWriter(join(dataDir, 'events.sqlite'));
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const first = today - days * DAY;
  const system = (familyId) => ({ actorId: SYSTEM_ACTOR, familyId });

  // Day 0, 08:00: the admin registers the family (UTC), adds the second parent and the children, and sets
  // the chore rules (missed chores deduct; no streak milestones, see above).
  const familyId = randomUUID();
  const ids = { admin: randomUUID(), parent: randomUUID(), kids: [randomUUID(), randomUUID(), randomUUID()] };
  const admin = { id: ids.admin, role: 'admin', familyId };
  const parent = { id: ids.parent, role: 'manager', familyId };
  const kids = ids.kids.map((id, k) => ({ id, role: 'child', familyId, name: ['Ada', 'Ben', 'Cleo'][k], habit: HABITS[k], account: pointsAccountDecider.initialState }));
  const byAdmin = { actorId: admin.id, familyId };
  let t = first + 8 * HOUR;
  let family = familyDecider.initialState;
  const familyAppend = (events) => {
    family = events.reduce(familyDecider.evolve, family);
    return { streamId: streams.family(familyId), events };
  };
  store.append(byAdmin, t, [
    ...memberAppends({ username: 'aged-admin', name: 'Alex', role: 'admin', isPrimaryAdmin: true, via: 'register' }, admin.id, familyId, undefined, passwordHash),
    familyAppend(familyDecider.decide({ type: 'CreateFamily', familyId, name: 'The Aged Family', timeZone: 'UTC' }, family)),
  ]);
  store.append(byAdmin, (t += MINUTE), memberAppends({ username: 'aged-parent', name: 'Sam', role: 'manager', via: 'added' }, parent.id, familyId, admin, passwordHash));
  for (const [k, kid] of kids.entries()) {
    store.append(byAdmin, (t += MINUTE), memberAppends({ username: `aged-kid-${k + 1}`, name: kid.name, role: 'child', age: 7 + 2 * k, via: 'added' }, kid.id, familyId, admin, passwordHash));
  }
  const settings = familyDecider.decide({ type: 'UpdateFamily', actor: admin, changes: { choreSettings: { missedChore: 'deduct', streakMilestones: [] } } }, family);
  store.append(byAdmin, t + MINUTE, [familyAppend(settings)]);
  const context = { allowNegative: family.pointSettings.allowNegative };
  const rewards = family.rewards;

  // 08:30: the admin makes the six chores; the clock's reactor records day 0's period at once.
  const chores = CHORES.map((c, i) => {
    const choreId = randomUUID();
    const events = choreDecider.decide(
      {
        type: 'CreateChore',
        actor: admin,
        choreId,
        today: dayKey(first),
        chore: {
          ...c,
          description: '',
          schedule: { repeat: 'daily', basis: 'fixed', startDay: dayKey(first), dueTime: null, endDay: null },
          sharing: { mode: 'everyone' },
          children: kids.map((kid) => ({ id: kid.id, role: 'child', familyId, active: true })),
          missedDeduction: 2,
        },
      },
      choreDecider.initialState,
    );
    store.append(byAdmin, first + 8.5 * HOUR + i * MINUTE, [{ streamId: streams.chore(choreId), events }]);
    return { choreId, state: events.reduce(choreDecider.evolve, choreDecider.initialState), ...c };
  });

  const accountAppend = (kid, command) => {
    const events = pointsAccountDecider.decide(command, kid.account);
    kid.account = events.reduce(pointsAccountDecider.evolve, kid.account);
    return { streamId: streams.pointsAccount(kid.id), events };
  };
  const choreAppend = (chore, command) => {
    const events = choreDecider.decide(command, chore.state);
    chore.state = events.reduce(choreDecider.evolve, chore.state);
    return { streamId: streams.chore(chore.choreId), events, familyId };
  };
  const taskAppend = (task, command) => {
    const events = taskDecider.decide(command, task.state);
    task.state = events.reduce(taskDecider.evolve, task.state);
    return { streamId: streams.task(task.taskId), events, familyId };
  };
  /** The settlement reactor, a moment after a settling append (apps/api/src/chores/chore.reactors.ts). */
  const settle = (task, at, outcome, childId) => {
    store.append(system(familyId), at + 1000, [
      choreAppend(task.chore, { type: 'SettleOccurrence', actor: SYSTEM_ACTOR, periodKey: task.periodKey, taskId: task.taskId, settlement: { childId, outcome, at: new Date(at).toISOString() } }),
    ]);
    store.forget(streams.task(task.taskId));
  };

  /** The clock's midnight tick of each chore: the day before's open occurrences missed, today's recorded. */
  const tick = (dayStart, open) => {
    for (const task of open) {
      const at = dayStart + 1000;
      const deduction = { points: task.chore.state.missedDeduction, entryId: randomUUID() };
      const appends = [taskAppend(task, { type: 'MarkMissed', actor: SYSTEM_ACTOR, now: new Date(at).toISOString(), dayEndsAt: new Date(dayStart).toISOString(), deduction })];
      const taken = appends[0].events.find((e) => e.type === 'TaskMissed')?.data.deduction;
      if (taken) appends.push(accountAppend(task.kid, { type: 'DeductMissedChore', childId: taken.childId, taskId: task.taskId, entryId: taken.entryId, points: taken.points, title: task.chore.title, context }));
      store.append(system(familyId), at, appends);
      settle(task, at, 'missed', task.kid.id);
    }
    const periodKey = dayKey(dayStart);
    const tasks = [];
    for (const chore of chores) {
      const at = Math.max(dayStart + 2000, first + 8.5 * HOUR + 10 * MINUTE);
      // Decided on the chore without its past occurrences, which sharing "everyone" never looks at: the decider
      // reads the whole history for turns, and over five years that made the seeding quadratic.
      const command = { type: 'RecordOccurrence', actor: SYSTEM_ACTOR, periodKey, away: [] };
      const events = choreDecider.decide(command, { ...chore.state, occurrences: choreDecider.initialState.occurrences });
      chore.state = events.reduce(choreDecider.evolve, chore.state);
      const recorded = { streamId: streams.chore(chore.choreId), events, familyId };
      const { assignees, taskIds } = recorded.events[0].data;
      const appends = [recorded];
      for (const [i, taskId] of taskIds.entries()) {
        const task = { taskId, chore, periodKey, kid: kids.find((k) => k.id === assignees[i]), state: taskDecider.initialState };
        appends.push(
          taskAppend(task, {
            type: 'CreateOccurrence',
            actor: SYSTEM_ACTOR,
            taskId,
            familyId,
            createdBy: admin.id,
            chore: { choreId: chore.choreId, periodKey },
            title: chore.title,
            description: '',
            pointsValue: chore.pointsValue,
            dueDate: periodKey,
            assignedTo: [assignees[i]],
          }),
        );
        tasks.push(task);
      }
      store.append(system(familyId), at, appends);
    }
    return tasks;
  };

  const reads = new Map();
  let open = [];
  let tasksMade = 0;
  for (let d = 0; d <= days; d += 1) {
    const dayStart = first + d * DAY;
    const tasks = tick(dayStart, open);
    tasksMade += tasks.length;
    open = [];
    if (d === days) {
      // Today, up to now: two occurrences handed in, waiting for a parent; the rest to do.
      const at = dayStart + Math.max(2 * MINUTE, (now - dayStart) / 2);
      for (const task of tasks.slice(0, 2)) {
        store.append({ actorId: task.kid.id, familyId }, at, [taskAppend(task, { type: 'SubmitTask', actor: task.kid })]);
      }
      break;
    }
    // The day's agenda, in time order: what each occurrence becomes, and the week's other events.
    const agenda = [];
    const at = (hours) => dayStart + Math.round(hours * HOUR);
    for (const task of tasks) {
      const r = rnd();
      const kid = task.kid;
      if (r < kid.habit.done) {
        const submitted = at(7 + rnd() * 13);
        const approver = rnd() < 0.7 ? admin : parent;
        const approved = Math.min(submitted + (10 + rnd() * 170) * MINUTE, at(23.9));
        agenda.push({ at: submitted, run: () => store.append({ actorId: kid.id, familyId }, submitted, [taskAppend(task, { type: 'SubmitTask', actor: kid })]) });
        agenda.push({
          at: approved,
          run: () => {
            const entryId = randomUUID();
            const appends = [taskAppend(task, { type: 'ApproveTask', actor: approver, score: limits.task.defaultScore, entryId })];
            appends.push(accountAppend(kid, { type: 'AwardTaskPoints', childId: kid.id, taskId: task.taskId, entryId, amount: task.chore.pointsValue, title: task.chore.title, context }));
            store.append({ actorId: approver.id, familyId }, approved, appends);
            settle(task, approved, 'done', kid.id);
          },
        });
        task.pendingAt16 = submitted > at(16);
      } else if (r < kid.habit.done + kid.habit.skip) {
        const asked = at(7 + rnd() * 2);
        agenda.push({ at: asked, run: () => store.append({ actorId: kid.id, familyId }, asked, [taskAppend(task, { type: 'RequestSkip', actor: kid, reason: 'At a friend’s today' })]) });
        agenda.push({
          at: asked + HOUR,
          run: () => {
            store.append({ actorId: admin.id, familyId }, asked + HOUR, [taskAppend(task, { type: 'ApproveSkip', actor: admin })]);
            settle(task, asked + HOUR, 'skipped', kid.id);
          },
        });
      } else {
        task.pendingAt16 = true;
        open.push(task);
      }
    }
    // 16:00: the clock reminds each child of the occurrences still to do.
    agenda.push({
      at: at(16),
      run: () => {
        for (const kid of kids) {
          const left = tasks.filter((x) => x.kid === kid && x.pendingAt16).map((x) => ({ taskId: x.taskId, title: x.chore.title }));
          const events = choreReminderDecider.decide({ type: 'RemindChild', childId: kid.id, day: dayKey(dayStart), tasks: left }, choreReminderDecider.initialState);
          if (events.length) store.append(system(familyId), at(16), [{ streamId: streams.choreReminder(kid.id, dayKey(dayStart)), events, familyId }]);
        }
      },
    });
    weekly(agenda, dayStart, at);
    // Notifications read: the admin every evening, the other parent on Sundays, the children every other day.
    const readers = [admin, ...(new Date(dayStart).getUTCDay() === 0 ? [parent] : []), ...(d % 2 ? kids : [])];
    agenda.push({ at: at(21.5), run: () => readers.forEach((m, i) => readAll(m, at(21.5) + i * 1000)) });
    agenda.sort((a, b) => a.at - b.at);
    for (const item of agenda) item.run();
    if (d % 365 === 364) log(`seed-aged: day ${d + 1}/${days}, ${store.count} events`);
  }

  function readAll(member, when) {
    const state = reads.get(member.id) ?? notificationReadsDecider.initialState;
    const events = notificationReadsDecider.decide({ type: 'MarkAllNotificationsRead', upTo: store.count }, state);
    reads.set(member.id, events.reduce(notificationReadsDecider.evolve, state));
    if (events.length) store.append({ actorId: member.id, familyId }, when, [{ streamId: streams.notificationReads(member.id), events }]);
  }

  function weekly(agenda, dayStart, at) {
    const weekday = new Date(dayStart).getUTCDay();
    const week = Math.floor((dayStart - first) / (7 * DAY));
    if (weekday === 3) {
      const kid = kids[week % 3];
      agenda.push({
        at: at(18),
        run: () => store.append({ actorId: parent.id, familyId }, at(18), [accountAppend(kid, { type: 'IssuePoints', actor: parent, childId: kid.id, entryId: randomUUID(), amount: 15, reason: 'Helped with dinner', approved: true, context })]),
      });
    }
    if (weekday === 6) {
      for (const [k, kid] of kids.entries()) {
        const reward = rewards[(week + k) % rewards.length];
        const redemptionId = randomUUID();
        agenda.push({
          at: at(10) + k * MINUTE,
          run: () => {
            let request;
            try {
              request = accountAppend(kid, { type: 'RequestRedemption', actor: kid, redemptionId, option: reward.name, cost: reward.cost, emoji: reward.emoji });
            } catch {
              return; // not enough points: the app would have answered 409 and written nothing
            }
            store.append({ actorId: kid.id, familyId }, at(10) + k * MINUTE, [request]);
            const approve = rnd() < 0.9;
            const decided = approve
              ? { type: 'ApproveRedemption', actor: admin, childId: kid.id, redemptionId, entryId: randomUUID(), context }
              : { type: 'RejectRedemption', actor: admin, childId: kid.id, redemptionId };
            store.append(byAdmin, at(11) + k * MINUTE, [accountAppend(kid, decided)]);
          },
        });
      }
    }
    if (weekday === 0) {
      const author = week % 2 ? parent : admin;
      const announcementId = randomUUID();
      let state = announcementDecider.initialState;
      const post = (who, when, command) => {
        const events = announcementDecider.decide(command, state);
        state = events.reduce(announcementDecider.evolve, state);
        store.append({ actorId: who.id, familyId }, when, [{ streamId: streams.announcement(announcementId), events }]);
      };
      agenda.push({ at: at(9), run: () => post(author, at(9), { type: 'PostAnnouncement', actor: author, announcementId, content: `Week ${week + 1}: ${pick(['pizza on Friday', 'swimming on Saturday', 'grandma visits', 'great job everyone'])}!`, photoUrl: null, photo: null }) });
      for (const [n, kid] of [kids[week % 3], kids[(week + 1) % 3]].entries()) {
        agenda.push({ at: at(12 + 3 * n), run: () => post(kid, at(12 + 3 * n), { type: 'AddComment', actor: kid, commentId: randomUUID(), content: pick(['Yay!', 'Can I bring a friend?', 'Cool 😀', 'OK']) }) });
      }
      agenda.push({
        at: at(18),
        run: () => {
          const reportWeek = reportWeekOf(new Date(at(18)), 'UTC', 'Sunday');
          const command = { type: 'GenerateWeeklyReport', actor: SYSTEM_ACTOR, trigger: 'schedule', familyId, familyExists: true, reportId: randomUUID(), week: reportWeek, timeZone: 'UTC' };
          const streamId = streams.weeklyReport(familyId, reportWeek.weekStartDate);
          store.append(system(familyId), at(18), [{ streamId, events: weeklyReportDecider.decide(command, weeklyReportDecider.initialState) }]);
        },
      });
    }
  }

  store.close();
  const signIns = {
    familyId,
    admin: { id: admin.id, username: 'aged-admin', password: AGED_PASSWORD },
    parent: { id: parent.id, username: 'aged-parent', password: AGED_PASSWORD },
    kids: kids.map((k, i) => ({ id: k.id, username: `aged-kid-${i + 1}`, password: AGED_PASSWORD })),
  };
  return { days, family: signIns, events: store.count, tasks: tasksMade, seededOn: dayKey(today) };
}

const hashOf = (parts) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest('hex').slice(0, 16);
const builtFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? builtFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [])).sort();

/**
 * What the seeded log is keyed by: this seeder, the store writer and the built events and event store. Not the
 * domain: a log its deciders wrote before a later change to them is still a log the app must read (upcasters
 * and projections take old events as they come), as a real five-year family's is.
 */
export function seederHash() {
  const inputs = [join(import.meta.dirname, 'seed-aged.mjs'), join(import.meta.dirname, 'store-writer.mjs'), ...['events', 'event-store'].flatMap((lib) => builtFiles(join(root, 'libs', lib, 'dist')))];
  return hashOf(inputs.flatMap((file) => [relative(root, file), readFileSync(file)]));
}

/**
 * What built read models are keyed by: each projection's name and version, as the projection runner trusts a
 * checkpoint by them (a changed version is rebuilt from the log, so must be here), the read models' own table
 * layout, and their indexes: an api makes a missing one on open, minutes over the five-year family's store at
 * every run, so a new index is built here once instead.
 */
export async function readModelsHash() {
  const { allProjections, readModelIndexes } = await import('@familyos/projections');
  const layout = readFileSync(join(root, 'libs', 'read-models', 'dist', 'sqlite', 'sqlite-read-model-store.js'), 'utf8').match(/CREATE TABLE[^;`]*/g) ?? [];
  return hashOf([JSON.stringify(allProjections.map((p) => [p.name, p.version]).sort()), JSON.stringify(readModelIndexes), ...layout]);
}

/**
 * The aged family of `days` days, copied into `dataDir` so a run never changes the cache. Its log is seeded
 * once into bench/.cache/aged-<days>-<seeder hash>, and its read models built once beside it, in
 * models-<read models hash>: a change to a projection's version rebuilds them from the cached log (minutes for
 * the five-year family), any other change reuses both, so bench:quick measures rather than rebuilds. A family
 * seeded on an earlier day is a family whose last days nobody touched: the api's chore clock marks its open
 * occurrences missed and records today's when it starts. Answers the manifest.
 */
export async function agedFamily(dataDir, { days, log = () => {}, cacheDir = join(root, 'bench', '.cache') }) {
  const prefix = `aged-${days}-`;
  const cached = join(cacheDir, `${prefix}${seederHash()}`);
  if (!existsSync(join(cached, MANIFEST))) {
    const building = `${cached}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    const started = performance.now();
    const manifest = await writeAgedFamily(building, { days, log });
    manifest.seedSeconds = (performance.now() - started) / 1000;
    log(`  seeded the ${days}-day family: ${manifest.events.toLocaleString('en-US')} events, ${manifest.tasks.toLocaleString('en-US')} tasks in ${manifest.seedSeconds.toFixed(1)} s`);
    writeFileSync(join(building, MANIFEST), JSON.stringify(manifest, null, 2));
    rmSync(cached, { recursive: true, force: true });
    renameSync(building, cached);
  }
  // Another seeder's families are never read again: they only fill the disk (the five-year one is 600 MB).
  for (const stale of readdirSync(cacheDir).filter((n) => n.startsWith(prefix) && join(cacheDir, n) !== cached && !n.includes('.building-'))) {
    rmSync(join(cacheDir, stale), { recursive: true, force: true });
  }
  const manifest = JSON.parse(readFileSync(join(cached, MANIFEST), 'utf8'));
  const models = join(cached, `models-${await readModelsHash()}`);
  if (!existsSync(join(models, 'read-models.sqlite'))) {
    const building = `${models}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    cpSync(join(cached, 'events.sqlite'), join(building, 'events.sqlite'));
    const rebuild = await runRebuild(building);
    await checkpointReactors(building, manifest.events);
    log(`  built the ${days}-day family's read models: ${manifest.events.toLocaleString('en-US')} events in ${rebuild.seconds.toFixed(1)} s`);
    for (const file of readdirSync(building).filter((n) => n.startsWith('events.sqlite'))) rmSync(join(building, file));
    // Read models of other projection versions are never read again.
    for (const older of readdirSync(cached).filter((n) => n.startsWith('models-') && join(cached, n) !== building)) rmSync(join(cached, older), { recursive: true, force: true });
    renameSync(building, models);
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  for (const file of ['events.sqlite', MANIFEST]) cpSync(join(cached, file), join(dataDir, file));
  cpSync(models, dataDir, { recursive: true });
  manifest.bytes = ['events.sqlite', 'read-models.sqlite'].reduce((n, f) => n + statSync(join(dataDir, f)).size, 0);
  return manifest;
}

/** The reactors that would otherwise begin at the log's start on a store they never saw: at its head instead. */
async function checkpointReactors(dataDir, head) {
  const { openReadModels, storageConfigFromEnv } = await import('@familyos/storage');
  const readModels = await openReadModels(storageConfigFromEnv({ DATA_DIR: dataDir }));
  try {
    for (const reactor of ['occurrence-settlement', 'streak-bonus']) {
      await readModels.commit(`reactor:${reactor}`, { position: head, version: 1 }, async () => {}, 0);
    }
  } finally {
    await readModels.close();
  }
}
