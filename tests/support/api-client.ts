export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

const POSITION_HEADER = 'x-familyos-position';

/**
 * A client as the web app behaves: bearer token, JSON bodies, and read-your-writes (it sends back the
 * highest position its commands were answered with).
 */
export class ApiClient {
  private position = 0;
  constructor(
    readonly baseUrl: string,
    public token: string | null = null,
  ) {}

  as(token: string | null): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (this.position > 0) h[POSITION_HEADER] = String(this.position);
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      // Multipart: fetch writes the content type with its boundary itself.
      payload = body;
    } else if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers: h, body: payload });
    const written = Number(response.headers.get(POSITION_HEADER));
    if (written > this.position) this.position = written;
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  /** Every page of a paged list (decision 051), `limit` rows a request, following X-FamilyOS-Next-Cursor to the end. */
  async everyPage<T = any>(path: string, limit = 200): Promise<ApiResponse<T[]>> {
    const rows: T[] = [];
    let cursor: string | null = null;
    for (;;) {
      const res: ApiResponse<T[]> = await this.get<T[]>(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      if (res.status !== 200) return res;
      rows.push(...res.body);
      cursor = res.headers.get('x-familyos-next-cursor');
      if (!cursor) return { ...res, body: rows };
    }
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  /** A multipart/form-data POST (an upload), with the same token and read-your-writes as every other call. */
  postForm<T = any>(path: string, form: FormData) {
    return this.request<T>('POST', path, form);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  async login(username: string, password: string): Promise<ApiClient> {
    const res = await new ApiClient(this.baseUrl).post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return new ApiClient(this.baseUrl, res.body.token);
  }
}
