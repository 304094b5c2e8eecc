import { sessionToken } from './api';

/**
 * The family's change stream (GET /api/live, issue 20): Server-Sent Events read through fetch rather than
 * EventSource, so it carries the same bearer token as every other call and a 401 can sign the page out. A
 * dropped stream comes back by itself and sends the last id it heard as Last-Event-ID, so the server tells it
 * what it missed meanwhile.
 */
/** What a change made stale: query families (`['api', topic]`) and, per topic, the records it named (decision 052). */
export interface HeardChange {
  topics: string[];
  /** A topic not in it changed in ways no id names. */
  ids: Record<string, string[]>;
}

export interface LiveStreamHandlers {
  onChange(change: HeardChange): void;
  /**
   * The stream said where it stands (its first id). `resumed`: it carried a Last-Event-ID, so what was missed
   * meanwhile comes as a change; otherwise it starts from now, and data read before now may have missed a change.
   */
  onOpen(resumed: boolean): void;
  /** Every id the stream hears: where a later stream may resume from. */
  onId?(id: string): void;
  /** The server no longer knows this session. */
  onUnauthorized(): void;
}

export interface LiveStream {
  close(): void;
}

const FIRST_RETRY_MS = 2000;
const LONGEST_RETRY_MS = 30_000;

/** `resumeFrom`: a change id an earlier stream heard (another page's): this one first hears what came since. */
export function openLiveStream(handlers: LiveStreamHandlers, resumeFrom: string | null = null): LiveStream {
  let lastId: string | null = resumeFrom;
  let retryMs = FIRST_RETRY_MS;
  let failures = 0;
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    timer = null;
    controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    const token = sessionToken.get();
    if (token) headers.authorization = `Bearer ${token}`;
    const resumed = lastId !== null;
    if (lastId) headers['last-event-id'] = lastId;
    try {
      const response = await fetch('/api/live', { headers, credentials: 'include', signal: controller.signal, cache: 'no-store' });
      if (response.status === 401) return handlers.onUnauthorized();
      if (!response.ok || !response.body) throw new Error(`The change stream answered ${response.status}`);
      let heard = false;
      await readEvents(response.body, (event) => {
        if (event.retry !== undefined) retryMs = event.retry;
        if (event.id !== undefined) {
          lastId = event.id;
          handlers.onId?.(event.id);
          if (!heard) handlers.onOpen(resumed);
          heard = true;
          failures = 0;
        }
        if (event.type === 'change') handlers.onChange(changeOf(event.data));
      });
      // A stream that ended before saying anything counts as a failure: no tight loop against a sick server.
      if (!heard) failures += 1;
    } catch {
      failures += 1;
    }
    if (!closed) later();
  };

  const later = () => {
    if (timer || closed) return;
    // Right away after a clean end (a server restart, a changed member); slower while the server stays away.
    const wait = failures === 0 ? 0 : Math.min(retryMs * 2 ** (failures - 1), LONGEST_RETRY_MS);
    timer = setTimeout(() => void connect(), wait);
  };

  // Back on the network: no reason to wait out the backoff.
  const online = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    void connect();
  };
  window.addEventListener('online', online);
  void connect();

  return {
    close() {
      closed = true;
      window.removeEventListener('online', online);
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
  };
}

function changeOf(data: string): HeardChange {
  const body = JSON.parse(data || '{}') as Partial<HeardChange>;
  return { topics: body.topics ?? [], ids: body.ids ?? {} };
}

interface ServerSentEvent {
  type: string;
  data: string;
  id?: string;
  retry?: number;
}

/** The event stream format (HTML's Server-Sent Events): blank-line separated fields, `:` comments. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ServerSentEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) onEvent(event);
    }
  }
}

function parseBlock(block: string): ServerSentEvent | null {
  const event: ServerSentEvent = { type: 'message', data: '' };
  let any = false;
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    any = true;
    if (field === 'event') event.type = value;
    else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
    else if (field === 'id') event.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) event.retry = Number(value);
  }
  return any ? event : null;
}
