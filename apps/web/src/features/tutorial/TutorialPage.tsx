import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';

const h1Sx = { fontWeight: 800, fontSize: { xs: 26, sm: 32 } } as const;

function Section({ title, emoji, children }: { title: string; emoji: string; children: ReactNode }) {
  const id = `tutorial-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          <Box component="span" aria-hidden sx={{ mr: 1 }}>
            {emoji}
          </Box>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A step or a feature: a bold lead-in and one or two plain sentences. */
function Item({ lead, children }: { lead: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ mb: 1.25 }}>
      <Typography component="span" sx={{ fontWeight: 700 }}>
        {lead}
      </Typography>{' '}
      <Typography component="span" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}

const listSx = { m: 0, pl: 2.5 } as const;

const FEATURES: [string, string, ReactNode][] = [
  ['📋', 'Tasks', 'Create a task for a child with the points it is worth and an optional due date. The child presses Complete, you approve it with a score out of 10, and the points land in their balance.'],
  ['⭐', 'Family Points (FP)', 'Issue or deduct points for anything else (a kind deed, a forgotten chore) with a short reason the child can read.'],
  ['🎁', 'Rewards', 'Children spend FP in the Redemption Center. You approve or reject each request; points only leave the balance when you approve.'],
  ['📢', 'Announcements', 'Post news for the whole family, with a photo if you like. Everyone can reply, and edit or delete what they wrote; a parent can remove any post.'],
  ['📅', 'Calendar', 'Add appointments, practice and trips, once or repeating daily, weekly or monthly, and assign them to a member.'],
  ['📊', 'Weekly reports', 'Every week on your chosen day FamilyOS writes a report: points by category, tasks done, average score and a leaderboard. Generate one any time from the dashboard.'],
];

const ROLES: [string, string, string][] = [
  ['👑', 'Parent (admin)', 'Everything: tasks, points, rewards, settings, members and invite links.'],
  ['🧑‍🤝‍🧑', 'Manager', 'A caregiver (a grandparent, a sitter) who approves tasks and rewards, issues points and creates tasks, but cannot change settings or members.'],
  ['🧒', 'Child', 'Sees their own tasks and balance, completes tasks, asks for new ones and requests rewards.'],
  ['🛡️', 'Super user', 'Runs the FamilyOS installation itself: every family, and people waiting for one.'],
];

/** SPEC §2 Tutorial: a static guide for a parent trying FamilyOS for the first time. */
export default function TutorialPage() {
  usePageTitle('Tutorial');
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={h1Sx}>
          📖 Tutorial
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
          New to FamilyOS? This page walks you through a first week: what each part does, who can do what, and a few tips from families
          who use it.
        </Typography>
      </Box>

      <Section title="Your first ten minutes" emoji="🚀">
        <Box component="ol" sx={listSx}>
          <Item lead="Add your children.">
            In <Link to="/admin" hash="add-member">Admin</Link>, Add Family Member takes a username, a name, a role and, for a child, an age. Give them a password there, or choose
            “Send a sign-in link instead”: you get a one-time link to pass on, and they choose their own password with it. You can also
            send an invite link and let them make their own account.
          </Item>
          <Item lead="Pick rewards.">In Settings, choose what points can buy (screen time, a movie night…) and what each costs.</Item>
          <Item lead="Make the first chore.">
            On <Link to="/tasks">Tasks</Link>, press Create Task, or pick a ready-made template such as Make Bed or Homework, and choose how
            often it repeats. A one-off task leaves Repeats at “Does not repeat”.
          </Item>
          <Item lead="Let your child sign in.">They will see their tasks, press Complete when done, and watch their balance grow.</Item>
          <Item lead="Approve with a score.">Submitted tasks wait for you on the dashboard. A score out of 10 tells them how well it went.</Item>
        </Box>
      </Section>

      <Section title="Chores, streaks, the bell and reminders" emoji="🔁">
        <Box component="ul" sx={listSx}>
          <Item lead="Repeating chores.">
            On Create Task, choose how often it repeats (every day, on chosen weekdays, every week…) and which children share it: each of
            them, in turns, or whoever does it first. FamilyOS makes each day's task on its own; a parent can pause, change or end a chore on{' '}
            <Link to="/tasks">Tasks</Link> under Repeating Chores.
          </Item>
          <Item lead="Streaks.">
            Each chore done on time grows the child's streak; a missed one breaks it. In Settings you can give bonus points when a streak
            reaches a length (7 days in a row: +10 FP), and choose whether a missed chore costs its points.
          </Item>
          <Item lead="Skips and pauses.">
            A child with a good reason asks to skip a day's chore; the request waits with the other Child Requests on your dashboard, and
            they are told your answer. Going away? Pause a child's chores from their profile: no chores, no penalties, streaks frozen.
          </Item>
          <Item lead="The bell.">
            The bell at the top tells each member what concerns them: a child of a new task, an approval, points or a reward decided; a
            parent of a finished task, a request or a missed chore. On a phone, turn on notifications on My Profile to get them there too.
          </Item>
          <Item lead="Reminders.">
            Once a day, at the time set in Settings (4 pm until changed), each child with a chore still to do that day gets one reminder.
          </Item>
        </Box>
      </Section>

      <Section title="What FamilyOS does" emoji="🏠">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
          {FEATURES.map(([emoji, title, text]) => (
            <Box key={title} sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
              <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                <Box component="span" aria-hidden sx={{ mr: 1 }}>
                  {emoji}
                </Box>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>

      <Section title="Who can do what" emoji="👥">
        <Stack spacing={1.5}>
          {ROLES.map(([emoji, role, text]) => (
            <Stack key={role} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
              <Chip label={`${emoji} ${role}`} sx={{ fontWeight: 700, minWidth: 170, justifyContent: 'flex-start' }} />
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section title="Managing your family's members" emoji="🧑‍🤝‍🧑">
        <Box component="ul" sx={listSx}>
          <Item lead="Change a role.">
            In Admin, open a member's menu (⋮). A child who grows up can become a manager; what they earned and did as a child stays in
            their history, under their name. The Primary Admin's role never changes.
          </Item>
          <Item lead="Deactivate, not delete.">
            Deactivating signs a member out on every device at once and stops them signing in, in any way. Their tasks, points and reports
            stay, with their name; they are no longer offered for new tasks or points. Reactivate them any time.
          </Item>
          <Item lead="Forgotten passwords.">
            A parent can set a new password for a child (or for a deactivated member), or make a new one-time sign-in link. Grown-ups change
            their own on My Profile, with their current password; no one can set the Primary Admin's. A changed password signs that
            member out everywhere else.
          </Item>
        </Box>
      </Section>

      <Section title="Tips for a good week" emoji="💡">
        <Box component="ul" sx={listSx}>
          <Item lead="Small and often beats big and rare.">Five points for making the bed every day keeps the habit better than fifty once a month.</Item>
          <Item lead="Say why.">A reason on every points entry ("Helped Leo with reading") is what children remember.</Item>
          <Item lead="Let them ask.">Children can request tasks they want to do, or tell you about something they already did; you accept or decline.</Item>
          <Item lead="Read the report together.">The weekly report is a good Sunday conversation: celebrate the stars, plan the next week.</Item>
          <Item lead="Keep rewards reachable.">If the cheapest reward takes a month, motivation fades. Aim for something every week.</Item>
        </Box>
      </Section>

      <Section title="Signing in with your family hub" emoji="🔑">
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          If your household runs an identity hub, FamilyOS can use it: members sign in once with their hub account (Login with Hub SSO),
          or with their hub username and password, and their hub profile photo becomes their avatar.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          With the hub on, Add Family Member can also take a member's hub username: their first sign-in with that hub account lands on the
          member you added. A hub user who is not yet in your family otherwise appears as a pending request for a parent to approve.
        </Typography>
        <Typography color="text.secondary">
          On My Profile, View hub profile opens your hub profile in a new tab, and the bio and website of your hub profile fill in yours
          here when you have not written your own. Without a hub, everyone signs in with a FamilyOS username and password.
        </Typography>
      </Section>
    </Stack>
  );
}
