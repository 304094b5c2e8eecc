#!/usr/bin/env node
// Makes a fresh clone runnable: checks Node, installs the locked dependencies when they are missing or older
// than package-lock.json, then builds. `npm start` and `npm test` call it, so each is one command from zero.
// Node built-ins only: it must run before anything is installed.
import { execSync } from 'node:child_process';
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
  run('npx tsc -b apps/api apps/projector');
  // The web app after the libs: it imports their built dist/. The api serves apps/web/dist.
  run('npx vite build --logLevel warn', join(root, 'apps', 'web'));
}
