import { accessRequestsProjection } from './access-requests.projection.js';
import { announcementsProjection } from './announcements.projection.js';
import { auditProjection } from './audit.projection.js';
import { calendarProjection } from './calendar.projection.js';
import { choresProjection } from './chores.projection.js';
import { familiesProjection } from './families.projection.js';
import { invitesProjection } from './invites.projection.js';
import { liveChangesProjection } from './live-changes.projection.js';
import { membersProjection } from './members.projection.js';
import { notificationsProjection } from './notifications.projection.js';
import { photosProjection } from './photos.projection.js';
import { pointsProjection } from './points.projection.js';
import { pushSubscriptionsProjection } from './push-subscriptions.projection.js';
import type { Projection } from './projection.js';
import { reportsProjection } from './reports.projection.js';
import { tasksProjection } from './tasks.projection.js';

export const allProjections: Projection[] = [
  familiesProjection,
  membersProjection,
  tasksProjection,
  choresProjection,
  pointsProjection,
  announcementsProjection,
  photosProjection,
  calendarProjection,
  reportsProjection,
  invitesProjection,
  accessRequestsProjection,
  auditProjection,
  notificationsProjection,
  pushSubscriptionsProjection,
  liveChangesProjection,
];
