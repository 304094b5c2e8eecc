import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSettled } from '../../lib/use-settled';
import { usePageTitle } from '../../lib/page-title';
import type { Task, User } from '../../lib/types';
import { useMe } from '../../lib/session';
import { useFamily } from '../../api/family';
import { LoadingScreen } from '../../components/LoadingScreen';
import { InlineLoading } from '../../components/page-parts';
import { useUsers } from '../../api/members';
import { useTaskPages, useTasks, useTaskSummary } from '../../api/tasks';
import { ChildRequestsPanel } from '../../features/review/ReviewPanels';
import { TaskCountCards } from '../../features/tasks/TaskCountCards';
import { TaskDetailsDialog } from '../../features/review/TaskDetailsDialog';
import { TaskList, type TaskCorrection } from '../../features/tasks/TaskList';
import { VirtualTaskList } from '../../features/tasks/VirtualTaskList';
import { TaskTemplatesGrid } from '../../features/tasks/TaskTemplatesGrid';
import { RepeatingChoresCard } from '../../features/tasks/RepeatingChoresCard';
import { useChores } from '../../features/tasks/api';
import { SkipRequestDialog } from '../../features/tasks/SkipRequest';
import { SECTION_LABEL, sectionsOf } from '../../features/tasks/due-groups';
import { attentionRank, STATUS_LABEL, TASK_STATUS_ORDER, visibleTemplates, type StatusFilter, type TaskTemplate } from '../../lib/task-model';
import { useTaskActions } from '../../features/review/useTaskActions';
import { DeleteTaskDialog, ReverseTaskDialog } from '../../features/review/TaskCorrectionDialogs';

// The form and its date pickers (a third of the page's script) load with its first opening (decision 061).
const CreateTaskDialog = lazy(() => import('../../features/tasks/CreateTaskDialog').then((m) => ({ default: m.CreateTaskDialog })));

/** A search is asked of the server once typing pauses this long, not at every key. */
const SEARCH_PAUSE_MS = 300;


/**
 * SPEC §2 Tasks: the tasks feature's list and form, composed with the review of requests and done tasks. What
 * matters now comes first (decision 050): the counts (the server's summary), the family's repeating chores, then
 * the open work by due group, overdue and today first; settled tasks follow, read page by page as the list
 * scrolls and drawn a window at a time. A search or a status asks the server, page by page too.
 */
/** Where the settled tasks will be: asks for them as it comes within a screen or so (as VirtualTaskList's end). */
function HistoryAhead({ onNear, loading, armed }: { onNear: () => void; loading: boolean; armed: boolean }) {
  const here = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const spot = here.current;
    if (!spot || loading || !armed) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onNear(), { rootMargin: '800px 0px' });
    observer.observe(spot);
    return () => observer.disconnect();
  }, [onNear, loading, armed]);
  return <div ref={here}>{loading && <InlineLoading label="Loading settled tasks" />}</div>;
}

export default function TasksPage() {
  usePageTitle('Tasks');
  const me = useMe();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const tasks = useTasks();
  const summary = useTaskSummary();
  const users = useUsers();
  const family = useFamily();
  const actions = useTaskActions();

  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const query = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const narrowed = filter !== 'all' || query !== '';
  // The settled tasks are read once their place on the page comes near (HistoryAhead), not with the open work:
  // below a day's chores they are screens down, and their first page is the one part that grows with a family's
  // age (decision 056).
  const [historyWanted, setHistoryWanted] = useState(false);
  const wantHistory = useCallback(() => setHistoryWanted(true), []);
  const history = useTaskPages({ status: 'history' }, !narrowed && historyWanted);
  const found = useTaskPages({ status: filter === 'all' ? undefined : filter, q: query || undefined }, narrowed);
  const pages = narrowed ? found : history;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [form, setForm] = useState<{ key: number; open: boolean; template: TaskTemplate | null; editing: Task | null }>({
    key: 0,
    open: false,
    template: null,
    editing: null,
  });
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [reversing, setReversing] = useState<Task | null>(null);
  const [skipping, setSkipping] = useState<Task | null>(null);

  const isChild = me.abilities.completeTasks;
  // What sits above the settled tasks and moves them down as it arrives: until it has, their place is not known.
  const chores = useChores(me.abilities.createTasks);
  const arriving = summary.isPending || users.isPending || (me.abilities.createTasks && chores.isPending);
  const canRequest = me.abilities.requestTasks;
  const canCreate = me.abilities.createTasks;
  const open = useMemo(() => tasks.data ?? [], [tasks.data]);
  const userList = useMemo(() => users.data ?? [], [users.data]);
  const members = useMemo(() => new Map<string, User>(userList.map((u) => [u.id, u])), [userList]);

  const sorted = useMemo(() => {
    return [...open].sort((a, b) => attentionRank(a) - attentionRank(b) || b.createdAt.localeCompare(a.createdAt));
  }, [open]);
  // The pages read so far, each task once (a task settling between two pages may come again).
  const paged = useMemo(() => {
    const seen = new Set(narrowed ? [] : open.map((t) => t.id));
    return (pages.data?.pages ?? []).flatMap((p) => p.body).filter((t) => !seen.has(t.id) && seen.add(t.id));
  }, [pages.data, open, narrowed]);
  const sections = narrowed ? [] : sectionsOf(sorted);
  const waiting = sections.find((s) => s.section === 'other')?.tasks ?? [];
  const details = detailsId ? (open.find((t) => t.id === detailsId) ?? paged.find((t) => t.id === detailsId) ?? null) : null;

  const openForm = (template: TaskTemplate | null = null, editing: Task | null = null) =>
    setForm((f) => ({ key: f.key + 1, open: true, template, editing }));
  const openDetails = (task: Task) => setDetailsId(task.id);
  /** Edit, Delete or Reverse (offered from `task.can`): the details dialog makes way for the form or confirmation. */
  const correct = (task: Task, correction: TaskCorrection) => {
    setDetailsId(null);
    if (correction === 'edit') openForm(null, task);
    else if (correction === 'delete') setDeleting(task);
    else setReversing(task);
  };

  if (tasks.isPending) return <LoadingScreen />;
  const listProps = {
    me,
    users: userList,
    phone,
    busyId: actions.busyId,
    onOpen: openDetails,
    onComplete: (task: Task) => void actions.complete(task),
    onCorrect: correct,
    onAskSkip: setSkipping,
  };

  const emptyText =
    summary.data?.total === 0
      ? isChild
        ? 'You have no tasks yet. Ask for one with Request Task!'
        : 'No tasks yet. Create one or pick a quick template to get started.'
      : 'Nothing matches your search and filter. Try another word or status.';

  return (
    <Stack sx={{ gap: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {isChild ? 'My Tasks' : 'Family Tasks'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {isChild ? 'Finish your tasks and earn Family Points ⭐' : 'Create tasks, review what the kids have done and award points.'}
          </Typography>
        </Box>
        {(canRequest || canCreate) && (
          <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={() => openForm()} sx={{ flexShrink: 0 }}>
            {canRequest ? 'Request Task' : 'Create Task'}
          </Button>
        )}
      </Stack>

      {(tasks.isError || pages.isError) && <Alert severity="error">Could not load tasks. Please refresh the page to try again.</Alert>}

      {summary.data && <TaskCountCards counts={summary.data} filter={filter} onFilter={setFilter} />}

      {me.abilities.reviewChildRequests && <ChildRequestsPanel members={members} onOpen={openDetails} />}

      {canCreate && <RepeatingChoresCard users={userList} />}

      {/* On a phone the tasks are cards themselves: no card around them, so they get the full width. */}
      <Card
        component="section"
        aria-labelledby="task-list-heading"
        sx={phone ? { border: 0, bgcolor: 'transparent', overflow: 'visible' } : undefined}
      >
        <CardContent sx={{ p: phone ? 0 : 3, '&:last-child': { pb: phone ? 0 : 3 } }}>
          <Typography id="task-list-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {isChild ? '📋 Your Tasks' : '📋 All Tasks'}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mb: 2 }}>
            <TextField
              label="Search tasks"
              placeholder="Search title or description"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              size="small"
              type="search"
              sx={{ flexGrow: 1 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              label="Status"
              value={filter}
              onChange={(e) => setFilter(e.target.value as StatusFilter)}
              size="small"
              sx={{ minWidth: { sm: 180 } }}
            >
              <MenuItem value="all">All</MenuItem>
              {TASK_STATUS_ORDER.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_LABEL[s]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {narrowed ? (
            <Box data-testid="tasks-results">
              {found.isPending ? (
                <InlineLoading label="Loading tasks" />
              ) : (
                <VirtualTaskList tasks={paged} {...listProps} emptyText={emptyText} hasMore={hasNextPage} loadingMore={isFetchingNextPage} onMore={more} />
              )}
            </Box>
          ) : (
            /* Work still to do in the server's due groups (overdue, today, upcoming, no due date), then what waits
               for a parent and the settled tasks, page by page. */
            <>
              {sections
                .filter((s) => s.section !== 'other')
                .map(({ section, tasks: inSection }) => (
                  <Box key={section} sx={{ mb: 3 }} data-testid={`tasks-${section}`}>
                    <Typography id={`tasks-${section}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1, color: section === 'overdue' ? 'error.dark' : 'text.primary' }}>
                      {SECTION_LABEL[section]} ({inSection.length})
                    </Typography>
                    <TaskList tasks={inSection} {...listProps} emptyText={emptyText} />
                  </Box>
                ))}
              <Box data-testid="tasks-other">
                {(sections.length > 0 || paged.length > 0) && (
                  <Typography id="tasks-other" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                    {SECTION_LABEL.other} ({waiting.length + (summary.data?.history ?? paged.length)})
                  </Typography>
                )}
                {!historyWanted || history.isPending ? (
                  <>
                    {waiting.length > 0 && <TaskList tasks={waiting} {...listProps} emptyText="" />}
                    <HistoryAhead onNear={wantHistory} loading={historyWanted} armed={!arriving} />
                  </>
                ) : (
                  <VirtualTaskList tasks={[...waiting, ...paged]} {...listProps} emptyText={sections.length > 0 ? 'Nothing settled yet.' : emptyText} hasMore={hasNextPage} loadingMore={isFetchingNextPage} onMore={more} />
                )}
              </Box>
            </>
          )}
        </CardContent>
      </Card>

      {me.abilities.useTaskTemplates && <TaskTemplatesGrid templates={visibleTemplates(family.data)} phone={phone} onPick={(t) => openForm(t)} />}

      <TaskDetailsDialog
        task={details}
        me={me}
        users={userList}
        onClose={() => setDetailsId(null)}
        corrections={{
          onEdit: (task) => correct(task, 'edit'),
          onDelete: (task) => correct(task, 'delete'),
          onReverse: (task) => correct(task, 'reverse'),
        }}
      />
      {/* Mounted from its first opening on, so that it still closes with its transition. */}
      {(canRequest || canCreate) && form.key > 0 && (
        <Suspense fallback={null}>
          <CreateTaskDialog
            key={form.key}
            open={form.open}
            mode={form.editing ? 'edit' : canRequest ? 'request' : 'create'}
            template={form.template}
            task={form.editing}
            onClose={() => setForm((f) => ({ ...f, open: false }))}
          />
        </Suspense>
      )}
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
      <ReverseTaskDialog task={reversing} users={userList} onClose={() => setReversing(null)} />
      <SkipRequestDialog task={skipping} onClose={() => setSkipping(null)} />
    </Stack>
  );
}
