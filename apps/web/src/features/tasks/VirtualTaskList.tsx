import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { TaskList } from './TaskList';

/** Below this many rows every row is drawn: a short list gains nothing from windowing. */
const WINDOWED_FROM = 60;

type Props = ComponentProps<typeof TaskList> & {
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
};

/**
 * A long task list (history, a search) drawn a window at a time as the page scrolls (decision 050): only the
 * rows near the screen are in the page, and the next page is asked for as the last rows come near, or with
 * "Show more". A phone's card or a table row keeps its own height (measured once drawn).
 */
export function VirtualTaskList({ hasMore, loadingMore, onMore, ...list }: Props) {
  const windowed = list.tasks.length >= WINDOWED_FROM;
  const top = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list begins in the page: what is above it (counts, chores, open work) grows as its data comes.
  useLayoutEffect(() => {
    const measure = () => {
      const at = top.current ? top.current.getBoundingClientRect().top + window.scrollY : 0;
      setScrollMargin((m) => (Math.abs(m - at) > 1 ? at : m));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: list.tasks.length,
    estimateSize: () => (list.phone ? 200 : 88),
    overscan: 8,
    scrollMargin,
    enabled: windowed,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  // The next page is asked for as the end of the list comes within a screen or so.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !hasMore || loadingMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { rootMargin: '800px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onMore]);

  const first = windowed ? (items[0]?.index ?? 0) : 0;
  const shown = windowed ? list.tasks.slice(first, last + 1) : list.tasks;
  const before = windowed ? (items[0]?.start ?? scrollMargin) - scrollMargin : 0;
  const after = windowed ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? scrollMargin) - scrollMargin) : 0;
  return (
    <div ref={top}>
      <Box sx={{ pt: `${before}px`, pb: `${Math.max(0, after)}px` }}>
        {(!windowed || shown.length > 0) && <TaskList {...list} tasks={shown} firstIndex={first} measure={windowed ? virtualizer.measureElement : undefined} />}
      </Box>
      <div ref={end} />
      {(hasMore || loadingMore) && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          {loadingMore ? (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} role="status">
              <CircularProgress size={18} />
              <Typography variant="body2">Loading more tasks…</Typography>
            </Stack>
          ) : (
            <Button variant="outlined" onClick={onMore} data-testid="tasks-more">
              Show more
            </Button>
          )}
        </Stack>
      )}
    </div>
  );
}
