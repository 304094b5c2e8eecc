import { limits } from '@familyos/contracts/rules';
import { useReviewTask, useSubmitTask } from '../../api/tasks';
import { failureMessage } from '../../lib/api';
import { approvalCredits } from '../../lib/task-model';
import { useToast } from '../../lib/toast';
import type { Task } from '../../lib/types';

/**
 * Complete, approve and reject a task with SPEC §8's toasts: the one place these words live, for the
 * dashboard's panels and the tasks page alike. `busyId` is the task whose call is in flight, so only its
 * buttons are disabled; each action answers whether it succeeded.
 */
export function useTaskActions() {
  const submit = useSubmitTask();
  const review = useReviewTask();
  const toast = useToast();
  const busyId = submit.isPending ? submit.variables : review.isPending ? review.variables?.id : undefined;

  const complete = async (task: Task) => {
    try {
      await submit.mutateAsync(task.id);
      toast({ title: 'Task Submitted!', description: 'Your task has been submitted for approval.' });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to submit task. Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  const approve = async (task: Task, score: number = limits.task.defaultScore) => {
    try {
      await review.mutateAsync({ id: task.id, review: { status: 'approved', score } });
      toast({
        title: 'Task Approved!',
        description: approvalCredits(task)
          ? `“${task.title}” has been approved and points awarded.`
          : `“${task.title}” has been approved and added to the child's tasks. Points are awarded once it is done.`,
      });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to approve task. Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  const reject = async (task: Task) => {
    try {
      await review.mutateAsync({ id: task.id, review: { status: 'rejected' } });
      toast({ title: 'Task Rejected', description: `“${task.title}” has been rejected.` });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to reject task. Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  return { complete, approve, reject, busyId, pending: submit.isPending || review.isPending };
}
