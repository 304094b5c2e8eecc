#!/usr/bin/env node
// Makes a fresh clone runnable: checks Node, installs the locked dependencies when they are missing or older
// than package-lock.json, then builds. `npm start` and `npm test` call it, so each is one command from zero.
// Node built-ins only: it must run before anything is installed.
import { execSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 11)) {
  console.error(`FamilyOS needs Node.js 20.11 or newer; this is ${process.version}.`);
  process.exit(1);
}

const run = (command, cwd = root) => execSync(command, { cwd, stdio: 'inherit' });
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
  console.log('Installing dependencies (better-sqlite3 builds from source, about a minute)...');
  // `npm install`, not `npm ci`: the lock cannot list other platforms' optional binaries (@swc/core-darwin-*,
  // ...) when the registry at hand serves only this platform's, and `npm ci` then refuses the lock as out of
  // sync. `npm install` honours the locked versions and skips the unavailable optional packages.
  run('npm install --no-audit --no-fund');
}
if (!process.argv.includes('--no-build')) {
  // The web app imports the built dist/ of @familyos/domain (and of the libs it references) only: once those are
  // built, the web build runs beside the api's and the projector's, on the second core (tsc is single-threaded).
  run('npx tsc -b libs/domain');
  await Promise.all([spawned('npx tsc -b apps/api apps/projector', root), spawned('npx vite build --logLevel warn', join(root, 'apps', 'web'))]);
}

/** `command` as a child process, its output on ours; rejects (and so stops the script) if it fails. */
function spawned(command, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { cwd, stdio: 'inherit', shell: true });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${signal ?? code})`))));
  });
}
