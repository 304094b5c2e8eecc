// What `npm run backup` and `npm run restore` share: where the embedded data lives, what a backup holds, and
// the checks both make on a copy. Node built-ins and better-sqlite3 only (no build needed).
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';

export const EVENTS = 'events.sqlite';
export const READ_MODELS = 'read-models.sqlite';
/**
 * The records of keyed requests (decision 045): not backed up (they live a day); a restore moves them aside with
 * the log they answered for, so no record answers for a write the restored log does not hold.
 */
export const IDEMPOTENCY = 'idempotency.sqlite';
export const PHOTOS = 'photos';
export const MANIFEST = 'manifest.json';
export const FORMAT = 'familyos-backup/1';
/** SQLite's companions of a database file: moved together with it, never left behind beside another one. */
export const SIDE_FILES = ['-wal', '-shm', '-journal'];
/** What a blob store folder may hold (file-blob-store.ts): `<id>` and `<id>.json`, ids as in blob-id.ts. */
export const PHOTO_FILE = /^[A-Za-z0-9_-]{1,128}(\.json)?$/;

/** A refusal: one line for the person at the terminal, exit code 1, nothing half done. */
export class Refusal extends Error {}

export function fail(error) {
  if (error instanceof Refusal) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

export function dataDirFromEnv(env = process.env) {
  // Production stores live elsewhere: copying DATA_DIR would silently miss them, so say so instead.
  const elsewhere = [
    env.EVENTSTORE_URL && 'EVENTSTORE_URL is set: the event log lives in KurrentDB; back it up with KurrentDB\'s own backup (see its docs)',
    env.MONGO_URL && 'MONGO_URL is set: read models and photos live in MongoDB; back them up with MongoDB\'s tools (mongodump / mongorestore)',
  ].filter(Boolean);
  if (elsewhere.length) throw new Refusal(`Refused: ${elsewhere.join('; ')}. This command only handles the embedded SQLite data in DATA_DIR.`);
  return resolve(env.DATA_DIR || './data');
}

/**
 * What both commands start from: DATA_DIR (refused when the data lives in KurrentDB or MongoDB) and the folder
 * the first argument names, resolved; without one, `fallback(dataDir)` or, with no fallback, the usage line.
 */
export function commandLine({ usage, fallback }) {
  const dataDir = dataDirFromEnv();
  const arg = process.argv[2];
  if (!arg && !fallback) throw new Refusal(usage);
  return { dataDir, folder: resolve(arg ?? fallback(dataDir)) };
}

/** Runs a command's main: a Refusal is one line on stderr and exit code 1; anything else is thrown on. */
export async function run(main) {
  try {
    await main();
  } catch (error) {
    fail(error);
  }
}

/** UTC, sortable and safe in a file name: 20260114T093012Z. */
export function timestamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** Whether `child` is `parent` or somewhere below it (both absolute). */
export function isInside(child, parent) {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export function sha256File(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function fsyncFile(file) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** PRAGMA integrity_check on a database file that nobody else has open; throws a Refusal naming the file. */
export function integrityCheck(file, label = file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check', { simple: false });
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length) throw new Refusal(`${label} fails PRAGMA integrity_check: ${problems.slice(0, 3).join('; ')}`);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`${label} is not a readable SQLite database: ${error.message}`);
  } finally {
    db.close();
  }
}

/** The end of a copied log and the read models' checkpoints, read from the files themselves. */
export function headOf(eventsFile) {
  const db = new Database(eventsFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get().head;
  } finally {
    db.close();
  }
}

export function checkpointsOf(readModelsFile) {
  const db = new Database(readModelsFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT projection, position FROM checkpoints ORDER BY projection').all();
    return Object.fromEntries(rows.map((r) => [r.projection, r.position]));
  } finally {
    db.close();
  }
}

/** The end of the log in `dir` and, when it holds read models, their checkpoints (read from the files). */
export function stateOf(dir, withReadModels = existsSync(join(dir, READ_MODELS))) {
  return { head: headOf(join(dir, EVENTS)), checkpoints: withReadModels ? checkpointsOf(join(dir, READ_MODELS)) : {} };
}

/** Every photo the log names, with the sha256 of its bytes as recorded when it was uploaded. */
export function photosNamedBy(eventsFile) {
  const db = new Database(eventsFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT data FROM events WHERE type = 'PhotoUploaded' ORDER BY position")
      .all()
      .map((r) => JSON.parse(r.data))
      .map((d) => ({ photoId: d.photoId, sha256: d.sha256 }));
  } finally {
    db.close();
  }
}

/** Checks a copy as a whole: read models never past the log, and every photo the log names present and intact. */
export function checkCopy(dir, { head, checkpoints }) {
  for (const [projection, position] of Object.entries(checkpoints)) {
    if (position > head) throw new Refusal(`Read model ${projection} is at position ${position}, past the end of the copied log (${head}).`);
  }
  for (const { photoId, sha256 } of photosNamedBy(join(dir, EVENTS))) {
    const bytes = join(dir, PHOTOS, photoId);
    if (!existsSync(bytes) || !existsSync(`${bytes}.json`)) throw new Refusal(`Photo ${photoId} is named by the log but missing from the copy.`);
    if (sha256File(bytes) !== sha256) throw new Refusal(`Photo ${photoId} does not match the sha256 the log recorded for it.`);
  }
}

/**
 * Whether any process (an api, the projector, a backup) has this database open. A connection to a WAL
 * database holds a shared lock on the file for as long as it is open, and the operating system drops it when
 * the process ends, even on kill -9; asking for an exclusive lock without waiting therefore tells reliably
 * whether anybody is there, with no lock file to go stale. Closing a connection in exclusive mode also folds
 * any WAL a crashed process left into the database file, so the file is whole on its own afterwards.
 */
export function inUse(file) {
  if (!existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') return true;
    // A damaged database is what a restore is often for, and no app can be serving one: it goes aside whole.
    if (error.code === 'SQLITE_NOTADB' || error.code === 'SQLITE_CORRUPT') return false;
    throw error;
  } finally {
    db.close();
  }
}

/** The photo files of a blob folder worth copying: complete blobs only (temporary `.…tmp` files are skipped). */
export function photoFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => PHOTO_FILE.test(name) && statSync(join(dir, name)).isFile())
    .sort();
}

/** A rename, or a copy then removal when `to` is on another file system (DATA_DIR may be a mounted volume). */
export function move(from, to) {
  try {
    renameSync(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    if (statSync(from).isDirectory()) {
      copyDirFlat(from, to);
    } else {
      copyFileSync(from, to);
      fsyncFile(to);
    }
    rmSync(from, { recursive: true, force: true });
  }
}

function copyDirFlat(from, to) {
  // Only the blob folder is ever a directory here, and it is flat.
  mkdirSync(to);
  for (const name of readdirSync(from)) {
    copyFileSync(join(from, name), join(to, name));
    fsyncFile(join(to, name));
  }
}
