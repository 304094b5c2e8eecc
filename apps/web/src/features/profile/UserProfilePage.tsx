import { fp } from '@familyos/contracts/rules';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import type { Me, User } from '../../lib/types';
import { SectionCard } from '../../components/SectionCard';
import { h1Sx, InlineLoading, StatTile } from '../../components/page-parts';
import { PointsHistory } from '../../components/PointsHistory';
import { useMe } from '../../lib/session';
import { useUser } from '../../api/members';
import { usePointsHistory } from '../../api/points';
import { ShowMore } from '../../components/ShowMore';
import { useStandings } from '../../api/standings';
import { StreaksCard } from '../../components/StreaksCard';
import { PauseChoresCard } from './PauseChoresCard';
import { ProfileCard } from './ProfileCard';

function BackLink() {
  return (
    <Button component={Link} to="/dashboard" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }} data-testid="back-to-dashboard">
      Back to Dashboard
    </Button>
  );
}

/** SPEC §2 Other member profile (/user/{userId}): looked up by id or username. */
export default function UserProfilePage() {
  const { userId = '' } = useParams({ strict: false });
  const me = useMe();
  const user = useUser(userId);
  const notFound = user.isError && user.error instanceof ApiError && user.error.status === 404;
  usePageTitle(user.data ? `${user.data.name}'s Profile` : notFound ? 'User not found' : 'Profile');

  return (
    <Stack spacing={3}>
      <BackLink />
      {user.isPending ? (
        <InlineLoading label="Loading profile" />
      ) : notFound ? (
        <Box sx={{ textAlign: 'center', py: 6 }} data-testid="user-not-found">
          <Typography aria-hidden sx={{ fontSize: 56 }}>
            🔍
          </Typography>
          <Typography variant="h4" component="h1" sx={h1Sx}>
            User not found
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            There is no member called “{userId}” in your family.
          </Typography>
          <Button component={Link} to="/dashboard" variant="contained">
            Back to Dashboard
          </Button>
        </Box>
      ) : user.isError ? (
        <>
          <Typography variant="h4" component="h1" sx={h1Sx}>
            Profile
          </Typography>
          <Alert severity="error">Unable to load this profile. Please try again.</Alert>
        </>
      ) : (
        <MemberProfile me={me} user={user.data} />
      )}
    </Stack>
  );
}

function MemberProfile({ me, user }: { me: Me; user: User }) {
  const self = me.id === user.id;
  return (
    <>
      <Typography variant="h4" component="h1" sx={h1Sx}>
        {self ? 'My Profile' : `${user.name}'s Profile`}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <ProfileCard user={user} />
          {self && (
            <Button component={Link} to="/profile" variant="outlined">
              Edit my profile
            </Button>
          )}
        </Stack>
        {user.role === 'child' ? (
          <Stack spacing={3}>
            <ChildFigures child={user} />
            <StreaksCard childId={user.id} name={user.name} self={self} variant="page" />
            {user.can.pause && <PauseChoresCard child={user} />}
          </Stack>
        ) : (
          <SectionCard variant="page" title="Family Points" emoji="⭐">
            <Typography color="text.secondary">
              {user.name} is a {user.role === 'manager' ? 'caregiver' : 'parent'} in the family. Family Points are collected by the children.
            </Typography>
          </SectionCard>
        )}
      </Box>
    </>
  );
}

/** The points history's page: what showed before "Show more" when the whole history was read at once. */
const HISTORY_PAGE = 15;

/**
 * A child's figures, as the server answers them (GET /api/standings): parents and the child itself read the
 * balance, earned and spent; a sibling reads what the family leaderboard shows (this week, Family Rank). The
 * history comes from GET /api/points a page at a time, which the server answers only to parents and to the child
 * itself; the Activities count is the server's (every entry), not the pages read so far.
 */
function ChildFigures({ child }: { child: User }) {
  const standings = useStandings();
  const figures = standings.data?.children.find((c) => c.userId === child.id);
  const board = standings.data?.leaderboard.find((r) => r.userId === child.id);
  // Whoever may read the child's figures may read its history: the server decided both (readScopeOf).
  const seesHistory = figures !== undefined;
  const { query: points, rows: entries } = usePointsHistory({ userId: child.id, limit: HISTORY_PAGE }, seesHistory);
  const show = (value: number | undefined) => (value !== undefined ? fp(value) : '…');

  if (standings.isPending) return <InlineLoading label="Loading points" />;
  if (standings.isError) return <Alert severity="warning">{child.name}'s points are not available right now. Please try again.</Alert>;
  return (
    <Stack spacing={3}>
      <Box
        component="section"
        aria-label="Points summary"
        data-testid="member-stats"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {seesHistory ? (
          <>
            <StatTile emoji="⭐" label="Current Balance" value={show(figures?.balance)} testId="stat-balance" />
            <StatTile emoji="📈" label="Total Earned" value={show(figures?.totalEarned)} testId="stat-earned" />
            <StatTile emoji="🛍️" label="Total Spent" value={show(figures?.totalSpent)} testId="stat-spent" />
            <StatTile emoji="📊" label="Activities" value={figures ? figures.activities : '…'} testId="stat-activities" />
          </>
        ) : (
          <>
            <StatTile emoji="📅" label="This Week" value={show(board?.thisWeek)} testId="stat-week" />
            <StatTile emoji="🏆" label="Family Rank" value={board ? `#${board.rank}` : '…'} testId="stat-rank" />
          </>
        )}
      </Box>
      <SectionCard variant="page" title="Points History" emoji="📜" testId="member-history">
        {!seesHistory ? (
          <Typography color="text.secondary">A child's points history is private: only {child.name} and the parents can see it.</Typography>
        ) : points.isPending ? (
          <InlineLoading label="Loading points history" />
        ) : points.isError ? (
          <Typography color="error">Unable to load the points history.</Typography>
        ) : (
          <>
            <PointsHistory entries={entries} issuerNote="parent" empty={`${child.name} has no points yet.`} />
            <ShowMore query={points} label="Show older points" />
          </>
        )}
      </SectionCard>
    </Stack>
  );
}
