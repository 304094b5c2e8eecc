import { useEffect } from 'react';
import { takeLiveStart } from '../lib/api';
import { openLiveStream } from '../lib/live-stream';
import { savedLiveId, saveLiveId } from '../lib/saved-data';
import { liveItemQueries } from '../api/live-items';
import { refreshEverything, refreshTopic } from '../lib/live-refresh';
import { queryClient, signOutHere } from './query-client';

/**
 * One command's changes come as several messages (an approval: the task, then the credit); on a busy server
 * 100 ms sometimes split them, and a screen read its list twice (live-items.e2e.ts in CI). A quarter second
 * still shows a change at once to a person.
 */
const BURST_MS = 250;

/**
 * Read as the page starts, before any of its data: a stream resumed from here hears every change after it, the
 * ones made while the page read its screen included. Used once: a later stream in this page (after a sign-in)
 * starts from now.
 */
let pageStartId = savedLiveId();

/**
 * While a member of a family is signed in, the family's change stream refreshes exactly the queries a change
 * made stale (`['api', topic]`: the server names them, decision 036), and of those only the records it names and
 * a paged list's first page (decision 052, lib/live-refresh.ts); the screens on view refetch at once, the others when
 * next shown. No polling: nothing is fetched unless the server says something changed, or a stream starting from
 * now has to make sure of what was read before it stood.
 */
export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // A burst of changes (a parent approving three tasks) refreshes each query once, not once per change: per
    // topic the ids named, or null once a change named the topic alone.
    const stale = new Map<string, Set<string> | null>();
    let flush: ReturnType<typeof setTimeout> | null = null;
    const fromSessionCheck = takeLiveStart();
    const resumeFrom = pageStartId ?? fromSessionCheck;
    pageStartId = null;
    const stream = openLiveStream({
      onChange: ({ topics, ids }) => {
        for (const topic of topics) {
          const named = stale.has(topic) ? stale.get(topic)! : new Set<string>();
          stale.set(topic, named && ids[topic] ? new Set([...named, ...ids[topic]]) : null);
        }
        flush ??= setTimeout(() => {
          flush = null;
          for (const [topic, named] of stale) void refreshTopic(queryClient, topic, named ? [...named] : null, liveItemQueries);
          stale.clear();
        }, BURST_MS);
      },
      // A stream that starts from now (a sign-in on this page, a session check that could not name the family's
      // change id) cannot tell what changed while the screen was reading its data: everything read before it
      // stood is read once more (issue 26). A resumed stream needs nothing: the server sends what it missed since
      // its id. A new page resumes from the last id this browser heard or, in a browser that heard none, from the
      // id its session check answered, before any of its reads (decision 063).
      onOpen: (resumed) => {
        if (!resumed) void refreshEverything(queryClient);
      },
      onId: saveLiveId,
      onUnauthorized: signOutHere,
    }, resumeFrom);
    return () => {
      stream.close();
      if (flush) clearTimeout(flush);
    };
  }, [enabled]);
}
