import { limits } from '@familyos/contracts/rules';
import { failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import type { Task } from '../../lib/types';
import { useChangeTask } from './api';
import { approvalCredits } from './task-model';

/**
 * Complete, approve and reject a task with SPEC §8's toasts. `busyId` is the task whose call is in flight, so
 * only its buttons are disabled.
 */
export function useTaskActions() {
  const change = useChangeTask();
  const toast = useToast();
  const busyId = change.isPending ? change.variables?.id : undefined;

  const complete = async (task: Task) => {
    try {
      await change.mutateAsync({ id: task.id, change: { status: 'submitted' } });
      toast({ title: 'Task Submitted!', description: 'Your task has been submitted for approval.' });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to submit task. Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  const approve = async (task: Task, score: number = limits.task.defaultScore) => {
    try {
      await change.mutateAsync({ id: task.id, change: { status: 'approved', score } });
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
      await change.mutateAsync({ id: task.id, change: { status: 'rejected' } });
      toast({ title: 'Task Rejected', description: `“${task.title}” has been rejected.` });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to reject task. Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  return { complete, approve, reject, busyId };
}
