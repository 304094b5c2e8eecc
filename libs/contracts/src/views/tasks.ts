import type { TaskStatus } from '@familyos/events';

/** GET /api/tasks and every task a task command answers. */
export interface TaskView {
  id: string;
  title: string;
  description: string;
  status: TaskStatus;
  pointsValue: number;
  assignedTo: string[];
  dueDate: string | null;
  createdAt: string;
  createdBy: string;
  score: number | null;
  isRecurring: boolean;
  recurringFrequency: 'daily' | 'weekly' | null;
  isChildRequest: boolean;
  requestType: 'want_to_do' | 'already_did' | null;
  requestAccepted: boolean;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  updatedAt: string;
}
