// HTTP load with autocannon. A run rotates over a list of requests (several routes in one run), or takes a
// generator `{ next(), done(request, status) }` when every request must be a fresh one (commands).
// Non-2xx answers are counted and reported (with their status codes), never dropped from the figures.
import autocannon from 'autocannon';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Keeps the first few non-2xx answers (request and body) so a report can say what failed, not only how often. */
function keepFailures(failures, method, path, status, body) {
  if ((status < 200 || status >= 300) && failures.length < 5) failures.push(`${method} ${path} → ${status} ${String(body).slice(0, 160)}`);
}

function requestsOption(requests, failures) {
  if (Array.isArray(requests)) {
    return requests.map(({ method, path, headers, body }) => ({
      method,
      path,
      headers,
      body,
      onResponse: (status, resBody) => keepFailures(failures, method, path, status, resBody),
    }));
  }
  // One entry whose setupRequest asks the generator each time: autocannon calls it before every request.
  return [
    {
      method: 'GET',
      path: '/',
      setupRequest: (req, context) => {
        const r = requests.next();
        context.current = r;
        return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
      },
      onResponse: (status, resBody, context) => {
        keepFailures(failures, context.current.method, context.current.path, status, resBody);
        requests.done?.(context.current, status);
      },
    },
  ];
}

/**
 * Load `url` with `connections` concurrent connections for `durationMs` (after `warmupMs` of the same load,
 * not counted). Returns requests per second, latency p50/p99 in ms, socket errors and timeouts, non-2xx (by
 * status) and the first few failed answers.
 */
export async function measure({ url, requests, connections = 50, durationMs = 5000, warmupMs = 1000 }) {
  const base = { url, connections, pipelining: 1, timeout: 10 };
  const failures = [];
  if (warmupMs > 0) await run({ ...base, duration: warmupMs / 1000, requests: requestsOption(requests, []) });
  const r = await run({ ...base, duration: durationMs / 1000, requests: requestsOption(requests, failures) });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    statuses,
    failures,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * How long the read model takes to show a command, seen from a client: send a command, take the position it
 * answers in x-familyos-position, and send a query carrying that position; the query waits (server side)
 * until every projection has reached it. The time from the command's answer to the query's answer is the
 * catch-up as a client sees it, an upper bound (it includes one query round trip). `width` probes run at a time.
 */
export async function catchUp({ url, commands, count = 200, width = 4, query }) {
  const samples = [];
  let failures = 0;
  let missingPosition = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (sent < count) {
        sent++;
        const c = commands.next();
        const res = await fetch(url + c.path, { method: c.method, headers: c.headers, body: c.body });
        await res.arrayBuffer();
        const answered = performance.now();
        commands.done?.(c, res.status);
        if (!res.ok) {
          failures++;
          continue;
        }
        const position = res.headers.get('x-familyos-position');
        if (!position) {
          missingPosition++;
          continue;
        }
        const q = query(c);
        const qr = await fetch(url + q.path, { headers: { ...q.headers, 'x-familyos-position': position } });
        await qr.arrayBuffer();
        if (!qr.ok) {
          failures++;
          continue;
        }
        samples.push(performance.now() - answered);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), samples: samples.length, failures, missingPosition };
}
