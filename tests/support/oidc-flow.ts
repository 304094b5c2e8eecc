/**
 * A browser's part of an OpenID Connect sign-in, driven with fetch: a small cookie jar and redirects followed by
 * hand, so a test sees (and may tamper with) every hop between FamilyOS and the provider.
 */

interface StoredCookie {
  value: string;
  path: string;
}

/** Cookies by host name (as browsers do: not by port) and name; paths are honoured, domains are not needed here. */
export class CookieJar {
  private readonly hosts = new Map<string, Map<string, StoredCookie>>();

  header(url: string): string | null {
    const { hostname, pathname } = new URL(url);
    const cookies = [...(this.hosts.get(hostname) ?? new Map<string, StoredCookie>()).entries()]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`);
    return cookies.length > 0 ? cookies.join('; ') : null;
  }

  store(url: string, response: Response): void {
    const { hostname } = new URL(url);
    const cookies = this.hosts.get(hostname) ?? new Map<string, StoredCookie>();
    this.hosts.set(hostname, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attr('expires');
      const gone = attr('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now()) || value === '';
      if (gone) cookies.delete(name);
      else cookies.set(name, { value, path: attr('path') ?? '/' });
    }
  }

  get(url: string, name: string): string | null {
    return this.hosts.get(new URL(url).hostname)?.get(name)?.value ?? null;
  }

  set(url: string, name: string, value: string, path = '/'): void {
    const { hostname } = new URL(url);
    const cookies = this.hosts.get(hostname) ?? new Map<string, StoredCookie>();
    this.hosts.set(hostname, cookies);
    cookies.set(name, { value, path });
  }
}

export interface Hop {
  status: number;
  /** The Location header resolved against the request URL; null when not a redirect. */
  location: string | null;
  body: string;
  response: Response;
}

/** One request as a browser would send it, without following a redirect. */
export async function hop(jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Hop> {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  jar.store(url, response);
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location, url).href : null, body: await response.text(), response };
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

/**
 * From FamilyOS's /api/auth/oidc/start to the moment the provider sends the browser back: the provider's login
 * form is filled with `login` (its devInteractions accept any login), and its consent form accepted. With
 * `cancel`, the person aborts at the login form instead. Answers the callback URL, not yet visited.
 */
export async function throughProvider(
  jar: CookieJar,
  appUrl: string,
  options: { login: string; invite?: string; cancel?: boolean },
): Promise<string> {
  const start = await hop(jar, `${appUrl}/api/auth/oidc/start${options.invite ? `?invite=${encodeURIComponent(options.invite)}` : ''}`);
  if (start.status !== 302 || !start.location) throw new Error(`oidc start answered ${start.status} ${start.location ?? start.body}`);
  let url = start.location;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(`${appUrl}/`)) return url;
    const page = await hop(jar, url);
    if (page.location) {
      url = page.location;
      continue;
    }
    if (page.status !== 200) throw new Error(`provider answered ${page.status} at ${url}: ${page.body.slice(0, 500)}`);
    const action = attribute(page.body, /<form[^>]*action="([^"]+)"/);
    const prompt = attribute(page.body, /name="prompt" value="([a-z]+)"/);
    if (!action || !prompt) throw new Error(`no form at ${url}: ${page.body.slice(0, 500)}`);
    if (prompt === 'login' && options.cancel) {
      const abort = attribute(page.body, /href="([^"]*\/abort)"/);
      if (!abort) throw new Error(`no cancel link at ${url}`);
      url = new URL(abort, url).href;
      continue;
    }
    const form: Record<string, string> = prompt === 'login' ? { prompt, login: options.login, password: 'any-password' } : { prompt };
    const submitted = await hop(jar, new URL(action, url).href, { form });
    if (!submitted.location) throw new Error(`provider form answered ${submitted.status}: ${submitted.body.slice(0, 500)}`);
    url = submitted.location;
  }
  throw new Error('the provider never sent the browser back');
}

export interface SignInOutcome {
  status: number;
  location: string | null;
  /** The session cookie FamilyOS set, if any. */
  sessionToken: string | null;
}

/** Visits the callback as the browser would, answering where it is sent next and any session cookie set. */
export async function visitCallback(jar: CookieJar, callbackUrl: string): Promise<SignInOutcome> {
  const answer = await hop(jar, callbackUrl);
  const session = answer.response.headers
    .getSetCookie()
    .map((line) => /^familyos_session=([^;]*)/.exec(line)?.[1])
    .find((v) => v);
  return { status: answer.status, location: answer.location, sessionToken: session ?? null };
}

/** The whole sign-in: start, the provider's forms, back to FamilyOS. */
export async function oidcSignIn(appUrl: string, options: { login: string; invite?: string; jar?: CookieJar }): Promise<SignInOutcome & { jar: CookieJar }> {
  const jar = options.jar ?? new CookieJar();
  const callback = await throughProvider(jar, appUrl, options);
  return { ...(await visitCallback(jar, callback)), jar };
}

/** The message a redirect to /login?error=… (or /invite/…?error=…) carries. */
export const errorOf = (location: string | null) => (location ? new URL(location).searchParams.get('error') : null);
/** What a sign-in waiting for approval is told on the sign-in page (`?waiting=`). */
export const waitingOf = (location: string | null) => (location ? new URL(location).searchParams.get('waiting') : null);
