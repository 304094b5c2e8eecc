#!/usr/bin/env node
// `npm run restore -- <backup dir>`: puts a backup made by `npm run backup` into DATA_DIR (default ./data).
// Checks the whole backup before touching anything, refuses while an api or projector has DATA_DIR open, and
// never deletes the data it replaces: that is moved aside to <DATA_DIR>.before-restore-<UTC time>.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, copyFileSync, rmdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as data from './embedded-data.mjs';

const { EVENTS, FORMAT, IDEMPOTENCY, MANIFEST, PHOTO_FILE, PHOTOS, READ_MODELS, Refusal, SIDE_FILES } = data;

const ALLOWED = (path) => path === EVENTS || path === READ_MODELS || (path.startsWith(`${PHOTOS}/`) && PHOTO_FILE.test(path.slice(PHOTOS.length + 1)));

/** The manifest and every file it lists, as they are in `dir`; any doubt is a refusal. */
function verifyBackup(dir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch (error) {
    throw new Refusal(`Refused: ${dir} has no readable ${MANIFEST} (${error.code ?? error.message}); is it a folder made by npm run backup?`);
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.files) || !Number.isInteger(manifest.headPosition)) {
    throw new Refusal(`Refused: ${join(dir, MANIFEST)} is not a ${FORMAT} manifest.`);
  }
  const paths = manifest.files.map((f) => f?.path);
  // Only names a backup makes: a manifest cannot send a file anywhere else (../, absolute paths).
  const odd = paths.find((p) => typeof p !== 'string' || !ALLOWED(p));
  if (odd !== undefined) throw new Refusal(`Refused: the manifest lists ${JSON.stringify(odd)}, which no backup contains.`);
  if (new Set(paths).size !== paths.length) throw new Refusal('Refused: the manifest lists a file twice.');
  if (!paths.includes(EVENTS)) throw new Refusal(`Refused: the manifest lists no ${EVENTS}.`);
  for (const { path, size, sha256 } of manifest.files) {
    const file = join(dir, path);
    if (!existsSync(file)) throw new Refusal(`Refused: ${path} is listed in the manifest but missing from ${dir}.`);
    if (statSync(file).size !== size || data.sha256File(file) !== sha256) {
      throw new Refusal(`Refused: ${path} in ${dir} does not match the size and sha256 in its manifest (damaged or changed since the backup).`);
    }
  }
  for (const db of [EVENTS, READ_MODELS]) if (paths.includes(db)) data.integrityCheck(join(dir, db), `Refused: ${db} in ${dir}`);
  const { head, checkpoints } = data.stateOf(dir, paths.includes(READ_MODELS));
  if (head !== manifest.headPosition) throw new Refusal(`Refused: ${EVENTS} ends at position ${head}, the manifest says ${manifest.headPosition}.`);
  try {
    data.checkCopy(dir, { head, checkpoints });
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal(`Refused: ${error.message}`);
    throw error;
  }
  return { manifest, paths };
}

/** What of the embedded data is in DATA_DIR now: the databases with their companions, and the photos. */
function currentEntries(dataDir) {
  const names = [EVENTS, READ_MODELS, IDEMPOTENCY].flatMap((db) => [db, ...SIDE_FILES.map((s) => db + s)]);
  return [...names, PHOTOS].filter((name) => existsSync(join(dataDir, name)));
}

function main() {
  const { dataDir, folder: backup } = data.commandLine({ usage: 'Usage: npm run restore -- <backup dir>   (DATA_DIR says where to restore to; default ./data)' });
  if (data.isInside(backup, dataDir) || data.isInside(dataDir, backup)) throw new Refusal(`Refused: the backup ${backup} and DATA_DIR (${dataDir}) must be separate folders.`);

  // 1. The backup, whole, before anything else is touched.
  const { manifest, paths } = verifyBackup(backup);

  // 2. Nobody may have the data open: a running api would go on writing to the files we move aside.
  for (const db of [EVENTS, READ_MODELS, IDEMPOTENCY]) {
    if (data.inUse(join(dataDir, db))) {
      throw new Refusal(`Refused: ${join(dataDir, db)} is open in another process (an api, a projector or a backup is running on ${dataDir}). Stop it first.`);
    }
  }

  // 3. Copy into a staging folder beside DATA_DIR and check the copies, so that a full disk or an I/O error
  //    fails here, with DATA_DIR still as it was.
  const ts = data.timestamp();
  const parent = dirname(dataDir);
  const staging = join(parent, `${basename(dataDir)}.restoring-${ts}`);
  if (existsSync(staging) || existsSync(join(parent, `${basename(dataDir)}.before-restore-${ts}`))) {
    throw new Refusal(`Refused: ${staging} or its before-restore twin already exists (another restore this second?); try again.`);
  }
  mkdirSync(join(staging, PHOTOS), { recursive: true });
  try {
    for (const { path, sha256 } of manifest.files) {
      copyFileSync(join(backup, path), join(staging, path));
      data.fsyncFile(join(staging, path));
      if (data.sha256File(join(staging, path)) !== sha256) throw new Refusal(`Refused: copying ${path} into ${staging} did not give the same bytes.`);
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }

  // 4. Move what is there aside (never delete it), then move the checked copies in. Moving the databases'
  //    -wal/-shm along matters: SQLite would otherwise replay an old WAL into the restored file.
  const existing = existsSync(dataDir) ? currentEntries(dataDir) : [];
  const aside = join(parent, `${basename(dataDir)}.before-restore-${ts}`);
  const movedAside = [];
  const movedIn = [];
  const incoming = [...paths.filter((p) => !p.startsWith(`${PHOTOS}/`)), PHOTOS];
  try {
    mkdirSync(dataDir, { recursive: true });
    if (existing.length) mkdirSync(aside);
    for (const name of existing) {
      data.move(join(dataDir, name), join(aside, name));
      movedAside.push(name);
    }
    for (const name of incoming) {
      data.move(join(staging, name), join(dataDir, name));
      movedIn.push(name);
    }
    rmdirSync(staging);
  } catch (error) {
    // Put things back as they were, so a failed restore changes nothing.
    for (const name of movedIn.reverse()) data.move(join(dataDir, name), join(staging, name));
    for (const name of movedAside.reverse()) data.move(join(aside, name), join(dataDir, name));
    console.error(`Restore failed and was undone; the staged copy is in ${staging}.`);
    throw error;
  }

  const photos = paths.filter((p) => p.startsWith(`${PHOTOS}/`) && !p.endsWith('.json')).length;
  console.log(`Restored ${backup} (made ${manifest.createdAt}) into ${dataDir}`);
  console.log(`  event log up to position ${manifest.headPosition}, ${Object.keys(manifest.checkpoints ?? {}).length} read models, ${photos} photos`);
  console.log('  the read models catch up with the log when the api (or projector) starts');
  if (existing.length) {
    console.log(`  the data that was there is kept in ${aside}`);
    console.log('  to undo: stop the api, then');
    console.log(`    rm -rf ${incoming.map((n) => join(dataDir, n)).join(' ')} ${join(dataDir, '*.sqlite-wal')} ${join(dataDir, '*.sqlite-shm')}`);
    console.log(`    mv ${join(aside, '*')} ${dataDir}/ && rmdir ${aside}`);
  } else {
    console.log(`  ${dataDir} held no data before, so nothing was moved aside; to undo, stop the api and remove ${dataDir}`);
  }
}

await data.run(main);
