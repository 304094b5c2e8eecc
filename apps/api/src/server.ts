import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveWebAssets } from './platform/web-assets.js';
import { applySecurityHeaders } from './platform/security-headers.js';
import { refuseCrossOriginWrites } from './platform/cross-origin.js';
import { routerRefusals, refuseRepeatedQueryParameters } from './platform/malformed-requests.js';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import type { EventStore } from '@familyos/event-store';
import type { ReadModelStore } from '@familyos/read-models';
import { allProjections, CheckpointWatcher, ProjectionRunner, type ProjectionProgress } from '@familyos/projections';
import { openEventStore, openReadModels } from '@familyos/storage';
import { AppModule } from './app.module.js';
import { SuperuserBootstrap } from './auth/superuser.js';
import type { AppConfig } from './config.js';
import { DemoFamilySeeder } from './demo/demo-family.js';
import { MovableClock } from './platform/movable-clock.js';
import { ChoreClock } from './chores/chore-clock.service.js';
import { Reactors } from './platform/reactors.js';
import { ReportScheduleService } from './reports/report-schedule.service.js';
import { Mail } from './mail/mail.js';
import { openBlobStore, type BlobStore } from './photos/blob-store.js';
import { registerPhotoUploads } from './photos/multipart.js';
import { openIdempotencyRecords, type IdempotencyRecords } from './platform/idempotency-records.js';
import { IdempotentRequests } from './platform/idempotency.js';

export interface RunningApp {
  app: NestFastifyApplication;
  url: string;
  events: EventStore;
  readModels: ReadModelStore;
  blobs: BlobStore;
  /** The records of keyed requests (decision 045); `sweep` removes the expired ones as the hourly sweep does. */
  idempotency: { records: IdempotencyRecords; sweep(): Promise<number> };
  runner: ProjectionRunner | null;
  /** Every route the server answers, as Fastify registered it (the stress suites walk them all). */
  routes: AppRoute[];
  /**
   * Boot work that runs once the server answers (decision 020): every family's report schedule reconciled and
   * missed weekly reports caught up, and every chore ticked (decision 035). Resolves when it is done; never rejects.
   */
  settled: Promise<void>;
  /** The side effects that follow the log (decision 033), running from the moment the server answers. */
  reactors: Reactors;
  /** Each chore's clock (decision 035): a test that moves the server's clock runs the wakes now due with `runDue`. */
  choreClock: Pick<ChoreClock, 'runDue' | 'tick'>;
  /**
   * E-mail with SMTP_URL (decision 041): `runDue` runs the daily summaries' wakes due at the clock's now,
   * `catchUp` looks at every family's summary of today as a boot does.
   */
  mail: Pick<Mail, 'runDue' | 'catchUp'>;
  close(): Promise<void>;
}

export interface AppRoute {
  method: string;
  /** Fastify's pattern: `/api/tasks/:id`, `/assets/*`. */
  url: string;
}

/** JSON bodies above this are refused with 413 before anything parses them. */
const BODY_LIMIT = 256 * 1024;

/**
 * Opens the stores, starts the in-process projector (embedded mode), seeds the demo family into an empty log,
 * and listens. Used by main.ts and by the HTTP test suites, so tests run the very server users run.
 */
export async function startApp(config: AppConfig, options: { logger?: boolean } = {}): Promise<RunningApp> {
  const events = await openEventStore(config.storage);
  const projectorStore = config.projector === 'embedded' ? await openReadModels(config.storage) : null;
  const readModels = await openReadModels(config.storage);
  const blobs = await openBlobStore(config.storage);
  const idempotency = await openIdempotencyRecords(config.storage);
  let runner: ProjectionRunner | null = null;
  let progress: ProjectionProgress;
  if (projectorStore) {
    runner = new ProjectionRunner(events, projectorStore, allProjections, { idleMs: 500 });
    await runner.catchUp();
    runner.start();
    progress = runner;
  } else {
    progress = new CheckpointWatcher(readModels, allProjections.map((p) => p.name));
  }
  const clock = new MovableClock(config.clock);
  const webDist = resolve(config.webDist ?? 'apps/web/dist');
  const indexFile = join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.with({ config, events, readModels, progress, clock, indexHtml, blobs, idempotency }),
    new FastifyAdapter({ bodyLimit: BODY_LIMIT, trustProxy: config.trustProxy, frameworkErrors: routerRefusals(config) }),
    // bodyParser off: Nest would add a form parser; Fastify's own JSON parser (with prototype-poisoning
    // protection) is the only one, so a form post is 415, not a body of strings that might pass validation.
    { logger: options.logger === false ? false : ['log', 'warn', 'error'], bodyParser: false },
  );
  const routes: AppRoute[] = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    });
  await app.register(fastifyCookie as never);
  applySecurityHeaders(app.getHttpAdapter().getInstance(), config);
  refuseCrossOriginWrites(app.getHttpAdapter().getInstance(), config);
  refuseRepeatedQueryParameters(app.getHttpAdapter().getInstance());
  // POST /api/upload-photo only; every other route still takes JSON alone.
  await registerPhotoUploads(app.getHttpAdapter().getInstance());
  // No enableShutdownHooks: main.ts stops on SIGTERM/SIGINT with `close` (reactions in flight first, then the
  // app's own hooks). Nest's hooks closed the app beside it and then killed the process with the signal again,
  // mid-reaction: a push attempted but never recorded as sent (tests/resilience/push-processes.spec.ts, 1 run in 4).

  // The built web app on the same port (DESIGN §5).
  if (indexHtml) serveWebAssets(app.getHttpAdapter().getInstance(), webDist);

  await app.init();
  // Looked at before the superuser is made sure of: that account alone must not count as "not empty".
  const emptyLog = (await events.headPosition()) === 0;
  if (config.superuser) await app.get(SuperuserBootstrap).ensure(config.superuser.username, config.superuser.password);
  if (config.demo && emptyLog) await app.get(DemoFamilySeeder).seed(clock);
  // The weekly report schedule: BullMQ with REDIS_URL (which must answer now, or the boot fails), else
  // in-process. Its reconcile and catch-up walk every family, so they run once the server answers (decision 020).
  // Starting it registers its reactor.
  const reportSchedule = app.get(ReportScheduleService);
  await reportSchedule.start();
  // Each chore's clock (decision 035): wakes on BullMQ with REDIS_URL, else in-process; its catch-up ticks
  // every chore once the server answers. Starting it registers the chores' reactors.
  const choreClock = app.get(ChoreClock);
  await choreClock.start();
  // E-mail, only with SMTP_URL: the weekly report's reactor and the daily summaries' wakes (decision 041).
  const mail = app.get(Mail);
  await mail.start();
  const reactors = app.get(Reactors);

  await app.listen({ port: config.port, host: config.host });
  // The reactors go on from their checkpoints (decision 033): after the projections caught up (above, in
  // embedded mode), and once the server answers, as any backlog they have is boot work too.
  reactors.start();
  const settled = Promise.all([reportSchedule.reconcileAndCatchUp(), choreClock.catchUp(), mail.catchUp()]).then(() => undefined);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    app,
    url: `http://127.0.0.1:${port}`,
    events,
    readModels,
    blobs,
    idempotency: { records: idempotency, sweep: () => app.get(IdempotentRequests).sweep() },
    runner,
    routes,
    settled,
    reactors,
    choreClock,
    mail,
    async close() {
      // Reactions in flight use the scheduler: they finish before it closes.
      await reactors.stop();
      await choreClock.stop();
      await mail.stop();
      await reportSchedule.stop();
      await app.close();
      await runner?.stop();
      await projectorStore?.close();
      await readModels.close();
      await blobs.close();
      await idempotency.close();
      await events.close();
    },
  };
}
