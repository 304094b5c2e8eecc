import { fp } from '@familyos/contracts/rules';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { UserAvatar } from '../../components/UserAvatar';
import type { ReportChild } from '../../lib/types';
import { CATEGORY_EMOJI, CATEGORY_LABEL } from './format';

/** One child's week: total, points by category, tasks done, average score out of 10, achievements. */
export function ChildReportCard({ child, username }: { child: ReportChild; username: string }) {
  const keys = Object.keys(CATEGORY_LABEL) as (keyof typeof CATEGORY_LABEL)[];
  return (
    <Card component="section" aria-label={`${child.name}'s week`} data-testid="child-report" variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <UserAvatar user={{ id: child.userId, username, name: child.name, avatar: child.avatar }} size={44} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {child.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {child.tasksCompleted} {child.tasksCompleted === 1 ? 'task' : 'tasks'} done · average score{' '}
              {child.averageScore === null ? '—' : `${child.averageScore}/10`}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 800, fontSize: 22, whiteSpace: 'nowrap' }} data-testid="child-total">
            {fp(child.totalPoints)}
          </Typography>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
          {keys.map((k) => (
            <Box key={k} sx={{ p: 1.25, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                <span aria-hidden>{CATEGORY_EMOJI[k]} </span>
                {CATEGORY_LABEL[k]}
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{fp(child.byCategory[k])}</Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
          Achievements
        </Typography>
        {child.achievements.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No achievements this week yet: every task counts!
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {child.achievements.map((a) => (
              <Chip key={a.id} label={`${a.emoji} ${a.title}`} title={a.description} variant="outlined" sx={{ fontWeight: 600 }} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
