import { collections } from '@familyos/projections';
import type { ReadModelReader } from '@familyos/read-models';
import { eventually } from './eventually.js';

/**
 * The id a family's streams tell the event at log `position` with: its number among the family's changes
 * (decision 046), once the projections have counted it. Tests know positions from the commands' answers.
 */
export const changeIdAt = (readModels: ReadModelReader, familyId: string, position: number): Promise<number> =>
  eventually(async () => (await readModels.find(collections.liveChanges, { where: { familyId, position } }))[0]?.seq, `the change at ${position} numbered`);

/** One event the change stream sent. */
export interface HeardChange {
  type: string;
  id: number | null;
  topics: string[];
  /** Per topic, the records it named (decision 052); a topic not in it was named alone. */
  ids: Record<string, string[]>;
}

/**
 * A browser tab's change stream (GET /api/live) as the tests hold it: everything it heard, in order, and whether
 * the server ended it. Read with fetch, as the web app does.
 */
export interface LiveListener {
  heard: HeardChange[];
  readonly ended: boolean;
  response: Response;
  /** The first change heard (already, or once it comes) that `matches`. */
  until(matches: (change: HeardChange) => boolean, what: string): Promise<HeardChange>;
  untilEnded(): Promise<void>;
  lastId(): number | null;
  close(): void;
}

export async function listen(baseUrl: string, token: string | null, headers: Record<string, string> = {}): Promise<LiveListener> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const heard: HeardChange[] = [];
  let ended = false;
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const change = parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (change) heard.push(change);
          }
        }
      } catch {
        // aborted by close(), or the connection dropped: either way it has ended
      }
      ended = true;
    })();
  } else {
    ended = true;
  }
  return {
    heard,
    get ended() {
      return ended;
    },
    response,
    until: (matches, what) => eventually(async () => heard.find(matches), what, 10_000),
    untilEnded: () => eventually(async () => ended, 'the stream to end', 10_000).then(() => undefined),
    lastId: () => [...heard].reverse().find((c) => c.id !== null)?.id ?? null,
    close: () => controller.abort(),
  };
}

function parse(block: string): HeardChange | null {
  let type = 'message';
  let id: number | null = null;
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || !line) continue;
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').replace(/^ /, '');
    if (field === 'event') type = value;
    if (field === 'id') id = Number(value);
    if (field === 'data') data += value;
  }
  if (type === 'message' && id === null && !data) return null;
  const body = (data ? JSON.parse(data) : {}) as { topics?: string[]; ids?: Record<string, string[]> };
  return { type, id, topics: body.topics ?? [], ids: body.ids ?? {} };
}
