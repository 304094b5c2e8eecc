#!/usr/bin/env node
// `npm run backup [-- <target dir>]`: a consistent copy of the embedded data in DATA_DIR (default ./data),
// safe while the api and the projector run and write. Default target: backups/familyos-<UTC time> beside
// DATA_DIR. Restore it with `npm run restore -- <dir>`.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import * as data from './embedded-data.mjs';

const { EVENTS, FORMAT, MANIFEST, PHOTOS, READ_MODELS, Refusal } = data;

/**
 * SQLite's online backup API from a connection of our own. All pages go in one step, so the copy is one
 * read transaction's snapshot: in WAL mode that never blocks the app's writers, and a write landing between
 * steps cannot make the backup start over and over under a steady stream of commands.
 */
async function copyDatabase(from, to) {
  const source = new Database(from, { fileMustExist: true, timeout: 5000 });
  try {
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // The copy stands alone: rollback journal instead of WAL, so it is one file whose sha256 stays put when
  // it is opened to be checked. The app switches it back to WAL when it opens it after a restore.
  const copy = new Database(to, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  data.fsyncFile(to);
  data.integrityCheck(to, `The copy of ${from}`);
}

async function main() {
  const created = new Date();
  const { dataDir, folder: target } = data.commandLine({ fallback: (dir) => join(dirname(dir), 'backups', `familyos-${data.timestamp(created)}`) });
  if (!existsSync(join(dataDir, EVENTS))) {
    throw new Refusal(`Refused: no FamilyOS data in ${dataDir} (no ${EVENTS}). Set DATA_DIR to the folder the api uses.`);
  }
  if (existsSync(target) && (!statSync(target).isDirectory() || readdirSync(target).length > 0)) {
    throw new Refusal(`Refused: ${target} already exists and is not empty; choose a new folder.`);
  }
  if (data.isInside(target, dataDir) || data.isInside(dataDir, target)) throw new Refusal(`Refused: the backup folder ${target} must be outside DATA_DIR (${dataDir}).`);

  // Built under a temporary name and renamed at the end: a folder called <target> is always a whole backup.
  const work = `${target}.partial-${process.pid}`;
  mkdirSync(join(work, PHOTOS), { recursive: true });
  try {
    // The order is the consistency argument; do not change it.
    // 1. Read models first, then 2. the event log: the projections only ever move towards the end of the log,
    //    so every checkpoint in the copied read models is at or before the end of the log copied after them.
    //    Restored, the read models are at most behind the log (the projector catches up), never ahead of it
    //    (which would make the runner throw them away, or worse, believe rows the log does not hold).
    // 3. Blobs last: the api writes a photo's bytes before the PhotoUploaded event that names it, so every
    //    photo the copied log names already had its file when the copy of the folder began. Blobs are never
    //    deleted or changed, so a later copy of the folder cannot miss one.
    if (existsSync(join(dataDir, READ_MODELS))) await copyDatabase(join(dataDir, READ_MODELS), join(work, READ_MODELS));
    await copyDatabase(join(dataDir, EVENTS), join(work, EVENTS));
    for (const name of data.photoFiles(join(dataDir, PHOTOS))) {
      copyFileSync(join(dataDir, PHOTOS, name), join(work, PHOTOS, name));
      data.fsyncFile(join(work, PHOTOS, name));
    }

    const { head, checkpoints } = data.stateOf(work);
    if (head === 0) throw new Refusal(`Refused: no FamilyOS data in ${dataDir} (its event log is empty); nothing to back up.`);
    data.checkCopy(work, { head, checkpoints });

    const names = [EVENTS, READ_MODELS, ...data.photoFiles(join(work, PHOTOS)).map((n) => `${PHOTOS}/${n}`)].filter((n) => existsSync(join(work, n)));
    const files = names.map((path) => ({ path, size: statSync(join(work, path)).size, sha256: data.sha256File(join(work, path)) }));
    const manifest = { format: FORMAT, createdAt: created.toISOString(), dataDir, headPosition: head, checkpoints, files };
    writeFileSync(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    data.fsyncFile(join(work, MANIFEST));
    if (existsSync(target)) rmSync(target, { recursive: true });
    renameSync(work, target);

    const photos = files.filter((f) => f.path.startsWith(`${PHOTOS}/`) && !f.path.endsWith('.json')).length;
    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    console.log(`Backed up ${dataDir} to ${target}`);
    console.log(`  event log up to position ${head}, ${Object.keys(checkpoints).length} read models, ${photos} photos, ${bytes} bytes; integrity checked`);
    console.log(`  restore with: npm run restore -- ${target}`);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

await data.run(main);
