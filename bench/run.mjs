#!/usr/bin/env node
// `npm run bench`: runs every figure module (bench/figures/*.mjs) in FIGURES order, prints one table of each
// figure against its budget and writes docs/benchmarks.md. `node bench/run.mjs server startup` runs only
// those modules (for development; docs/benchmarks.md is then left alone unless --write is given).
// `npm run bench:quick` (--quick): the server and aged-family figures with shorter rounds, each printed beside
// the last full run's value in docs/benchmarks.md, flagging those more than 10 % worse (quick.mjs).
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { judge } from './budgets.mjs';
import { compareWithLastRun, QUICK_FIGURES } from './quick.mjs';

const root = join(import.meta.dirname, '..');

/**
 * Run order matters: the cheap server figures first, then scale, whose seeded store (ctx.tmp('scale')) the
 * replay figure reuses, then the web figures. A module listed here but not written yet is skipped, with a
 * line in the table saying so.
 */
const FIGURES = ['server', 'startup', 'appends', 'decide', 'scale', 'replay', 'aged', 'live', 'live-bytes', 'web', 'lighthouse', 'phone'];

const quick = process.argv.includes('--quick');
// Read by the figure modules (and bench/lib/measure-server.mjs) when they load: shorter rounds, fewer loads.
if (quick) process.env.BENCH_QUICK = '1';
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const writeDoc = !quick && (args.length === 0 || process.argv.includes('--write'));
const chosen = quick ? QUICK_FIGURES : args.length ? args : FIGURES;
for (const name of chosen) {
  if (!FIGURES.includes(name) && !existsSync(join(root, 'bench', 'figures', `${name}.mjs`))) {
    console.error(`no figure module bench/figures/${name}.mjs`);
    process.exit(2);
  }
}

const runDir = mkdtempSync(join(tmpdir(), 'familyos-bench-'));
const dirs = new Map();
const log = (line) => console.log(line);
const ctx = {
  root,
  /** A fresh temp dir per name within this run; the same name gives the same dir (figures share by name). */
  tmp(name) {
    if (!dirs.has(name)) {
      const dir = join(runDir, name.replace(/[^\w.-]/g, '_'));
      mkdirSync(dir, { recursive: true });
      dirs.set(name, dir);
    }
    return dirs.get(name);
  },
  log,
  /** What a figure leaves for later ones of the same run (the scale figure compares with the server one). */
  shared: {},
};

const started = Date.now();
let broken = 0;
// Other work on the machine during the run shows here (1-minute load average, compared with the core count).
const loadBefore = loadavg()[0];
const sections = [];
for (const name of chosen) {
  const file = join(root, 'bench', 'figures', `${name}.mjs`);
  if (!existsSync(file)) {
    sections.push({ name, title: name, rows: [{ name, value: NaN, unit: '', budget: '—', pass: false, note: `bench/figures/${name}.mjs not written yet` }], seconds: 0 });
    continue;
  }
  const mod = await import(pathToFileURL(file).href);
  const title = mod.title ?? name;
  log(`\n▶ ${title} (bench/figures/${name}.mjs)`);
  const t0 = Date.now();
  let rows;
  try {
    rows = await mod.run(ctx);
  } catch (error) {
    log(`  failed: ${error.stack ?? error}`);
    broken++;
    rows = [{ name, value: NaN, unit: '', budget: '—', pass: false, note: `failed: ${String(error.message ?? error).split('\n')[0]}` }];
  }
  const seconds = (Date.now() - t0) / 1000;
  log(`  (${seconds.toFixed(0)} s)`);
  sections.push({ name, title, rows, seconds });
}
const totalSeconds = (Date.now() - started) / 1000;
rmSync(runDir, { recursive: true, force: true });
// Issue 8: the whole bench, every figure, in under 15 minutes. Only a run of every module is judged.
if (chosen.length === FIGURES.length) {
  sections.push({
    name: 'run',
    title: 'The whole run',
    seconds: 0,
    rows: [judge('bench:duration', Math.round((totalSeconds / 60) * 10) / 10, `every figure module, set-up of its stores included (${sections.map((s) => `${s.name} ${s.seconds.toFixed(0)} s`).join(', ')})`)],
  });
}

const fmt = (v) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  // Small ratios keep three significant digits: 0.004 × baseline is not 0.
  return Math.abs(v) < 1 ? String(Number(v.toPrecision(3))) : v.toLocaleString('en-US', { maximumFractionDigits: 2 });
};
const allRows = sections.flatMap((s) => s.rows.map((r) => ({ ...r, section: s.title })));

// The terminal table.
const cols = [
  ['Figure', (r) => r.name],
  ['Value', (r) => fmt(r.value)],
  ['Unit', (r) => r.unit],
  ['Budget', (r) => r.budget],
  ['', (r) => (r.budget === '—' && r.pass ? '' : r.pass ? 'pass' : 'MISS')],
];
const widths = cols.map(([h, f]) => Math.max(h.length, ...allRows.map((r) => String(f(r)).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
console.log(`\n${line(cols.map(([h]) => h))}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of allRows) console.log(line(cols.map(([, f]) => f(r))));
const missed = allRows.filter((r) => !r.pass && r.budget !== '—');
console.log(`\n${allRows.length} figures, ${missed.length} over budget, ${(totalSeconds / 60).toFixed(1)} min`);
if (quick) compareWithLastRun(allRows, { root, fmt, seconds: totalSeconds });

const handWritten = ['analysis.md', 'decisions-measured.md'].map((name) => join(root, 'bench', name));
if (writeDoc) {
  const git = (cmd) => {
    try {
      return execSync(`git ${cmd}`, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return 'unknown';
    }
  };
  const dirty = git('status --porcelain') ? ' (with uncommitted changes)' : '';
  const cpu = cpus();
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  const doc = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.mjs); this file holds the last full run. Figures are benchmarks, not tests:',
    'server throughput is a ratio against a bare NestJS-on-Fastify route measured in the same run, so the noise of a',
    'shared machine cancels out. Budgets: bench/budgets.mjs (issue 8).',
    '',
    '## Machine and run',
    '',
    `- CPU: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} GiB free at the end)`,
    `- OS: ${platform()} ${release()}`,
    `- Node.js: ${process.version}`,
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${git('rev-parse --short HEAD')}${dirty}`,
    `- Duration: ${(totalSeconds / 60).toFixed(1)} min`,
    `- Load average (1 min): ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, on ${cpu.length} cores`,
    '',
    '## How to reproduce',
    '',
    '```sh',
    'npm run bench                 # installs and builds if needed, runs every figure, rewrites this file',
    'node bench/run.mjs server     # one figure module (bench/figures/server.mjs), printed only',
    '```',
    '',
    'Run it on an otherwise idle machine; other load on the same cores shows up in the latency figures (p99) more',
    'than in the ratios.',
    '',
    '## Results',
    '',
    '| Figure | Value | Unit | Budget | Result |',
    '| --- | ---: | --- | --- | --- |',
    ...allRows.map((r) => `| ${cell(r.name)} | ${fmt(r.value)} | ${cell(r.unit)} | ${cell(r.budget)} | ${r.budget === '—' && r.pass ? '' : r.pass ? 'pass' : '**miss**'} |`),
    '',
    '## Notes',
    '',
    ...sections.flatMap((s) => [`### ${s.title} (${s.seconds.toFixed(0)} s)`, '', ...s.rows.map((r) => `- \`${r.name}\`: ${r.note || '—'}`), '']),
    // Written by hand and kept across runs: the measured causes of each miss (bench/analysis.md, which names the
    // run it was written against, so a reader can tell when the figures above have moved on since), then the
    // figures measured when decisions 015-022 were made (bench/decisions-measured.md, each with its commit).
    ...handWritten.flatMap((file) => (existsSync(file) ? [readFileSync(file, 'utf8').trim(), ''] : [])),
  ].join('\n');
  writeFileSync(join(root, 'docs', 'benchmarks.md'), doc);
  console.log('docs/benchmarks.md written');
}
// A missed budget is a result, not a failure; a figure module that could not measure is.
process.exit(broken ? 1 : 0);
