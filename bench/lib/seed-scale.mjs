// A store at scale for the benchmarks: many families with a year of history each, written straight into
// <dataDir>/events.sqlite. Every event is decided by the real deciders of libs/domain and stamped the way the
// api's CommandRunner stamps it (eventId, familyId, actorId, timestamp, schemaVersion), with the real stream
// names and revisions, so the store is what the app would have written; only the HTTP round trips are skipped.
//
// The shape of a family-year (docs/decisions/017-a-store-at-scale-and-fast-replay.md), 393 events:
// - week 0: registration (admin: username claim, member, password, family) and 4 members added by the admin
//   (a second parent and three children), 16 events;
// - each week: a task for one child (created, submitted, approved with its TaskPointsAwarded), and every fourth
//   week a second one for the next child: 65 tasks, 260 events;
// - every other week the second parent issues points to a child: 26 events;
// - every fourth week a child asks for a reward and the admin approves it, and the admin posts an
//   announcement: 13 × 3 events;
// - every Sunday the scheduler's weekly report: 52 events.
// Families interleave in the log the way they would live: each week is played in rounds (Monday tasks,
// Wednesday submissions, Thursday approvals ...), every family in turn, with increasing timestamps.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { streams } from '@familyos/events';
import {
  announcementDecider,
  familyDecider,
  pointsAccountDecider,
  reportWeekOf,
  SYSTEM_ACTOR,
  taskDecider,
  weeklyReportDecider,
} from '@familyos/domain';
import { limits } from '@familyos/contracts';
import { memberAppends as sharedMemberAppends, openStoreWriter, root, seedPasswordHash } from './store-writer.mjs';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const WEEKS = 52;
export const SEED_PASSWORD = 'bench-password-1';
const MANIFEST = 'seed-scale.json';

/** Monday 00:00 UTC of the week `weeks` before the current one: the year ends before today. */
function historyStart(now = new Date()) {
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
  return monday - WEEKS * 7 * DAY;
}

/**
 * Seeds `families` families into dataDir (which must not hold a store yet, or holds one seeded before with the
 * same count: then it is reused). With `rebuild`, runs the real `apps/projector/dist/rebuild.js` afterwards so
 * the read models exist. Answers the first family's sign-ins, the number of events, and the seconds taken.
 */
export async function seedScale(dataDir, { families = 10000, rebuild = true, log = () => {} } = {}) {
  mkdirSync(dataDir, { recursive: true });
  const manifestFile = join(dataDir, MANIFEST);
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.families === families && (!rebuild || manifest.rebuilt)) return manifest;
  }
  for (const f of ['events.sqlite', 'events.sqlite-wal', 'events.sqlite-shm', 'read-models.sqlite', 'read-models.sqlite-wal', 'read-models.sqlite-shm']) {
    rmSync(join(dataDir, f), { force: true });
  }
  const started = performance.now();
  const passwordHash = await seedPasswordHash(SEED_PASSWORD);
  const store = await openStoreWriter(join(dataDir, 'events.sqlite'));
  const append = (who, at, appends) => store.append(who, at, appends);
  const forget = (streamId) => store.forget(streamId);

  const start = historyStart();
  const state = [];
  let first;

  // A week's round: every family in turn, spread over [from, from + hours), timestamps increasing.
  const round = (week, fromHour, hours, body) => {
    const t0 = start + week * 7 * DAY + fromHour * HOUR;
    const step = (hours * HOUR) / families;
    for (let i = 0; i < families; i += 1) body(state[i], Math.floor(t0 + i * step), i);
  };

  const memberAppends = (input, memberId, familyId, actor) => sharedMemberAppends(input, memberId, familyId, actor, passwordHash);

  // Week 0, Monday morning: every family registers, and its admin adds the other four members.
  round(0, 0, 8, (_, at, i) => {
    const familyId = randomUUID();
    const adminId = randomUUID();
    const who = { actorId: adminId, familyId };
    const family = familyDecider.decide(
      { type: 'CreateFamily', familyId, name: `Family ${i + 1}`, timeZone: 'UTC' },
      familyDecider.initialState,
    );
    const admin = { id: adminId, role: 'admin', familyId };
    append(who, at, [
      ...memberAppends({ username: `f${i + 1}-admin`, name: `Alex ${i + 1}`, role: 'admin', isPrimaryAdmin: true, via: 'register' }, adminId, familyId, undefined),
      { streamId: streams.family(familyId), events: family },
    ]);
    const parentId = randomUUID();
    append(who, at + 1, memberAppends({ username: `f${i + 1}-parent`, name: `Sam ${i + 1}`, role: 'manager', via: 'added' }, parentId, familyId, admin));
    const kids = [];
    for (let k = 1; k <= 3; k += 1) {
      const id = randomUUID();
      const username = `f${i + 1}-kid${k}`;
      append(who, at + 1 + k, memberAppends({ username, name: `Kid ${k} of ${i + 1}`, role: 'child', age: 6 + 2 * k, via: 'added' }, id, familyId, admin));
      kids.push({ id, username, password: SEED_PASSWORD, account: pointsAccountDecider.initialState });
    }
    state.push({ familyId, rewards: family[0].data.rewards, admin, parent: { id: parentId, role: 'manager', familyId }, kids, tasks: [], redemption: null });
    if (i === 0) {
      first = {
        familyId,
        admin: { id: adminId, username: `f${i + 1}-admin`, password: SEED_PASSWORD },
        parent: { id: parentId, username: `f${i + 1}-parent`, password: SEED_PASSWORD },
        kids: kids.map(({ id, username, password }) => ({ id, username, password })),
      };
    }
  });

  const context = { allowNegative: familyDecider.initialState.pointSettings.allowNegative };
  const accountAppend = (kid, command) => {
    const events = pointsAccountDecider.decide(command, kid.account);
    for (const e of events) kid.account = pointsAccountDecider.evolve(kid.account, e);
    return { streamId: streams.pointsAccount(kid.id), events };
  };

  for (let week = 0; week < WEEKS; week += 1) {
    // Monday: the admin creates this week's tasks; every fourth week also posts an announcement.
    round(week, 8, 12, (f, at) => {
      const count = week % 4 === 0 ? 2 : 1;
      for (let n = 0; n < count; n += 1) {
        const kid = f.kids[(week + n) % 3];
        const taskId = randomUUID();
        const events = taskDecider.decide(
          {
            type: 'CreateTask',
            actor: f.admin,
            taskId,
            title: n === 0 ? 'Tidy your room' : 'Take out the trash',
            description: '',
            pointsValue: 10,
            dueDate: null,
            dueDay: null,
            today: new Date(at).toISOString().slice(0, 10),
            assignees: [{ id: kid.id, role: 'child', familyId: f.familyId }],
            isRecurring: false,
            recurringFrequency: null,
            requestType: null,
          },
          taskDecider.initialState,
        );
        append({ actorId: f.admin.id, familyId: f.familyId }, at + n, [{ streamId: streams.task(taskId), events }]);
        f.tasks.push({ taskId, kid, state: events.reduce(taskDecider.evolve, taskDecider.initialState) });
      }
      if (week % 4 === 0) {
        const announcementId = randomUUID();
        const events = announcementDecider.decide(
          { type: 'PostAnnouncement', actor: f.admin, announcementId, content: `Week ${week + 1}: great job everyone!`, photoUrl: null, photo: null },
          announcementDecider.initialState,
        );
        append({ actorId: f.admin.id, familyId: f.familyId }, at + 2, [{ streamId: streams.announcement(announcementId), events }]);
        forget(streams.announcement(announcementId));
      }
    });
    // Wednesday: the children mark them done.
    round(week, 56, 12, (f, at) => {
      f.tasks.forEach((t, n) => {
        const actor = { id: t.kid.id, role: 'child', familyId: f.familyId };
        const events = taskDecider.decide({ type: 'SubmitTask', actor }, t.state);
        t.state = events.reduce(taskDecider.evolve, t.state);
        append({ actorId: actor.id, familyId: f.familyId }, at + n, [{ streamId: streams.task(t.taskId), events }]);
      });
    });
    // Thursday: the admin approves (the credit in the same append, as ChangeTaskStatusHandler does); every
    // other week the second parent gives a child some points.
    round(week, 80, 12, (f, at) => {
      f.tasks.forEach((t, n) => {
        const entryId = randomUUID();
        const events = taskDecider.decide({ type: 'ApproveTask', actor: f.admin, score: limits.task.defaultScore, entryId }, t.state);
        const credit = accountAppend(t.kid, {
          type: 'AwardTaskPoints',
          childId: t.kid.id,
          taskId: t.taskId,
          entryId,
          amount: t.state.pointsValue,
          title: t.state.title,
          context,
        });
        append({ actorId: f.admin.id, familyId: f.familyId }, at + n, [{ streamId: streams.task(t.taskId), events }, credit]);
        forget(streams.task(t.taskId));
      });
      f.tasks = [];
      if (week % 2 === 1) {
        const kid = f.kids[week % 3];
        const credit = accountAppend(kid, {
          type: 'IssuePoints',
          actor: f.parent,
          childId: kid.id,
          entryId: randomUUID(),
          amount: 5,
          reason: 'Helped with dinner',
          approved: true,
          context,
        });
        append({ actorId: f.parent.id, familyId: f.familyId }, at + 3, [credit]);
      }
    });
    // Friday and Saturday, every fourth week: a child asks for a reward, the admin approves it.
    if (week % 4 === 3) {
      round(week, 104, 12, (f, at) => {
        const kid = f.kids[week % 3];
        const reward = f.rewards[0];
        const redemptionId = randomUUID();
        try {
          const request = accountAppend(kid, {
            type: 'RequestRedemption',
            actor: { id: kid.id, role: 'child', familyId: f.familyId },
            redemptionId,
            option: reward.name,
            cost: reward.cost,
            emoji: reward.emoji,
          });
          append({ actorId: kid.id, familyId: f.familyId }, at, [request]);
          f.redemption = { kid, redemptionId };
        } catch {
          f.redemption = null; // not enough points: the app would have answered 409 and written nothing
        }
      });
      round(week, 128, 12, (f, at) => {
        if (!f.redemption) return;
        const { kid, redemptionId } = f.redemption;
        const approval = accountAppend(kid, {
          type: 'ApproveRedemption',
          actor: f.admin,
          childId: kid.id,
          redemptionId,
          entryId: randomUUID(),
          context,
        });
        append({ actorId: f.admin.id, familyId: f.familyId }, at, [approval]);
        f.redemption = null;
      });
    }
    // Sunday evening: the scheduler writes every family's weekly report.
    const reportWeek = reportWeekOf(new Date(start + week * 7 * DAY + 6 * DAY + 18 * HOUR), 'UTC', 'Sunday');
    round(week, 162, 4, (f, at) => {
      const events = weeklyReportDecider.decide(
        {
          type: 'GenerateWeeklyReport',
          actor: SYSTEM_ACTOR,
          trigger: 'schedule',
          familyId: f.familyId,
          familyExists: true,
          reportId: randomUUID(),
          week: reportWeek,
          timeZone: 'UTC',
        },
        weeklyReportDecider.initialState,
      );
      const streamId = streams.weeklyReport(f.familyId, reportWeek.weekStartDate);
      append({ actorId: SYSTEM_ACTOR, familyId: f.familyId }, at, [{ streamId, events }]);
      forget(streamId);
    });
    if (week % 13 === 12) log(`seed-scale: week ${week + 1}/${WEEKS}, ${store.count} events`);
  }
  store.close();
  const count = store.count;
  const seconds = (performance.now() - started) / 1000;
  const result = { families, family: first, events: count, seconds, eventsPerFamily: Math.round(count / families), rebuilt: false };
  log(`seed-scale: ${count} events for ${families} families in ${seconds.toFixed(1)} s`);
  if (rebuild) {
    result.rebuild = await runRebuild(dataDir);
    result.rebuilt = true;
    log(`seed-scale: rebuilt read models in ${result.rebuild.seconds.toFixed(1)} s`);
  }
  writeFileSync(manifestFile, JSON.stringify(result, null, 2));
  return result;
}

/** Runs the real `node apps/projector/dist/rebuild.js` on dataDir; answers its wall time and output. */
export function runRebuild(dataDir, { args = [] } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...args, join(root, 'apps/projector/dist/rebuild.js')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`rebuild exited with ${code}: ${output.slice(-2000)}`));
      else resolvePromise({ seconds, output: output.trim() });
    });
  });
}
