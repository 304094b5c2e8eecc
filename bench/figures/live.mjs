// The family's change stream (issue 20, decision 036): 500 open streams on one api process, and what one change
// costs them: from the command's answer to the last of the 500 streams told, the server's CPU per change, and
// the memory the open streams hold.
import { readFileSync } from 'node:fs';
import { judge } from '../budgets.mjs';
import { startApi } from '../lib/server.mjs';

export const title = 'Live change stream';

const STREAMS = 500;
const PER_MEMBER = 8;
const CHANGES = 30;
const PASSWORD = 'bench-password-1';

/** User + system CPU time of a process so far, in ms (Linux /proc; clock ticks are 10 ms here). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function call(url, method, path, { token, body } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, position: Number(res.headers.get('x-familyos-position')) };
}

/**
 * A stream as a browser tab holds it; `next()` resolves once the next change arrives. Ids are the family's own
 * count of its changes (decision 046), which the bench cannot read off a command's answer: it waits for the next.
 */
async function openStream(url, token) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/live`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`GET /api/live: ${res.status}`);
  let waiting = [];
  let ready;
  const opened = new Promise((r) => (ready = r));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^id: \d+$/m.test(frame)) continue;
          ready();
          if (!/^event: change$/m.test(frame)) continue;
          for (const resolve of waiting) resolve();
          waiting = [];
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  await opened;
  return { next: () => new Promise((r) => waiting.push(r)), close: () => controller.abort() };
}

export async function run(ctx) {
  const api = await startApi({ dataDir: ctx.tmp('live'), env: { PASSWORD_COST: '10', SIGN_IN_LIMIT_PER_ADDRESS: '1000' } });
  const streams = [];
  try {
    const reg = await call(api.url, 'POST', '/api/auth/register', { body: { username: `livebench${Date.now()}`, password: PASSWORD, name: 'Bench Parent', familyName: 'The Streams' } });
    const members = Math.ceil(STREAMS / PER_MEMBER);
    const tokens = [reg.body.token];
    for (let i = 1; i < members; i++) {
      const username = `livekid${i}x${Date.now()}`;
      await call(api.url, 'POST', '/api/users', { token: reg.body.token, body: { username, name: `Kid ${i}`, role: 'child', password: PASSWORD } });
      tokens.push((await call(api.url, 'POST', '/api/auth/login', { body: { username, password: PASSWORD } })).body.token);
    }
    const rssBefore = api.rssMb();
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(api.url, tokens[i % members]));
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = api.rssMb();

    const delays = [];
    const cpuBefore = cpuMsOf(api.pid);
    for (let i = 0; i < CHANGES; i++) {
      // Everyone hears an announcement: each change goes to all 500 streams.
      const pending = streams.map((s) => s.next());
      await call(api.url, 'POST', '/api/announcements', { token: reg.body.token, body: { title: `News ${i}`, content: 'For everyone' } });
      const answeredAt = performance.now();
      await Promise.all(pending);
      delays.push(performance.now() - answeredAt);
    }
    const cpuPerChange = (cpuMsOf(api.pid) - cpuBefore) / CHANGES;
    delays.sort((a, b) => a - b);
    const median = delays[Math.floor(delays.length / 2)];
    const p90 = delays[Math.floor(delays.length * 0.9)];
    const perStreamKb = ((rssAfter - rssBefore) * 1024) / STREAMS;
    ctx.log(`  ${STREAMS} streams: +${(rssAfter - rssBefore).toFixed(1)} MB; a change told to all of them ${median.toFixed(0)} ms (p90 ${p90.toFixed(0)} ms) after its answer; ${cpuPerChange.toFixed(1)} ms server CPU per change`);
    return [
      judge('live:told-500-streams:median', Math.round(median), `from a command's answer (an announcement) to the last of ${STREAMS} open streams (${members} members, ${PER_MEMBER} each, one api process) told, ${CHANGES} changes one after another; p90 ${Math.round(p90)} ms`),
      judge('live:cpu-per-change', Math.round(cpuPerChange * 10) / 10, `the api process's user+system CPU per change (the command, its projection, and telling ${STREAMS} streams), /proc ticks over ${CHANGES} changes`),
      judge('live:memory-per-stream', Math.round(perStreamKb), `VmRSS with ${STREAMS} streams open less before, per stream (${(rssAfter - rssBefore).toFixed(1)} MB in all)`),
    ];
  } finally {
    for (const s of streams) s.close();
    await api.stop();
  }
}
