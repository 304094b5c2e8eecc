import { auditProjection } from './audit.projection.js';
import { familiesProjection } from './families.projection.js';
import { membersProjection } from './members.projection.js';
import { pointsProjection } from './points.projection.js';
import type { Projection } from './projection.js';
import { tasksProjection } from './tasks.projection.js';

export const allProjections: Projection[] = [
  familiesProjection,
  membersProjection,
  tasksProjection,
  pointsProjection,
  auditProjection,
];
