/**
 * What a member is told of (issue 20): a child of a new task of theirs, a task approved or rejected, points
 * received or deducted, a reward approved or rejected, a chore due soon or missed; a parent of a submitted task,
 * a child's request, a redemption request, an access request, a missed chore. The one list of these names: the
 * notification rule (libs/domain), the answers' types and the kinds a device may have pushed all read it.
 */
export const CHILD_NOTIFICATION_KINDS = [
  'taskAssigned',
  'taskApproved',
  'taskRejected',
  'pointsReceived',
  'pointsDeducted',
  'rewardApproved',
  'rewardRejected',
  'choreDueSoon',
  'choreMissed',
] as const;
export const PARENT_NOTIFICATION_KINDS = ['taskSubmitted', 'childRequest', 'redemptionRequested', 'accessRequested', 'choreMissed'] as const;
/** Every kind once (choreMissed is both a child's and a parent's). */
export const NOTIFICATION_KINDS = [...new Set([...CHILD_NOTIFICATION_KINDS, ...PARENT_NOTIFICATION_KINDS])];
