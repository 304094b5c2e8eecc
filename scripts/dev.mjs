#!/usr/bin/env node
// `npm run dev`: the api rebuilt and restarted on every change (tsc -b --watch, node --watch) and the web app
// served by Vite with hot reload on http://localhost:5173, which forwards /api to the api on port 3000.
// Ctrl-C stops all three. Node built-ins only.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [];

function start(label, command, args, cwd = root) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${label}] `);
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[${label}] exited (${code}); stopping the others`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

// setup.mjs installs what is missing and builds once, so node --watch has a dist/ to start from.
const setup = spawn(process.execPath, [join(root, 'scripts', 'setup.mjs')], { cwd: root, stdio: 'inherit' });
setup.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  start('build', bin('tsc'), ['-b', '--watch', '--preserveWatchOutput', 'apps/api', 'apps/projector']);
  start('api', process.execPath, ['--watch', join(root, 'apps', 'api', 'dist', 'main.js')]);
  start('web', bin('vite'), [], join(root, 'apps', 'web'));
});
