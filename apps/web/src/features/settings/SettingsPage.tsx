import { Alert, Box, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../../lib/session';
import { DashboardGrid } from '../../components/DashboardGrid';
import { useFamily } from '../../api/family';
import { AccessDenied } from '../../components/AccessDenied';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useUsers } from '../../api/members';
import { ChoreSettingsCard } from './ChoreSettingsCard';
import { ExportCard } from './ExportCard';
import { FamilyBasicsCard } from './FamilyBasicsCard';
import { MembersCard } from '../../components/MembersCard';
import { PointSettingsCard } from './PointSettingsCard';
import { RecentActivityCard } from '../../components/RecentActivityCard';
import { RewardsCard } from './RewardsCard';
import { StatsCard } from './StatsCard';
import { TemplatesCard } from './TemplatesCard';

const h1Sx = { fontWeight: 800, fontSize: { xs: 26, sm: 32 } } as const;

/** SPEC §2 Settings (Family Settings): for those who may manage the settings; everyone else sees Access Denied. */
export default function SettingsPage() {
  usePageTitle('Settings');
  const me = useMe();
  if (!me.abilities.manageSettings)
    return <AccessDenied>Only a family admin can change the family settings. Ask a parent with admin rights if something needs changing.</AccessDenied>;
  return <FamilySettings />;
}

function FamilySettings() {
  const me = useMe();
  const family = useFamily();
  const users = useUsers();

  if (family.isPending) return <LoadingScreen />;

  return (
    <Stack sx={{ gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={h1Sx}>
          ⚙️ Family Settings
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          Your family's name, reports, points, templates and rewards. Changes are saved as you make them.
        </Typography>
      </Box>
      {family.isError ? (
        <Alert severity="error">Could not load the family settings. Please refresh the page to try again.</Alert>
      ) : (
        <DashboardGrid
          main={
            <>
              <FamilyBasicsCard family={family.data} />
              <PointSettingsCard settings={family.data.pointSettings} />
              <ChoreSettingsCard settings={family.data.choreSettings} />
              <RewardsCard family={family.data} />
              <TemplatesCard family={family.data} />
            </>
          }
          side={
            <>
              <StatsCard users={users.data} rewardCount={family.data.rewards.length} />
              <MembersCard users={users} testId="settings-members" editAvatars />
              {me.abilities.viewAuditLog && <RecentActivityCard />}
              {me.abilities.exportData && <ExportCard />}
            </>
          }
        />
      )}
    </Stack>
  );
}
