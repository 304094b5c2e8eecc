import { limits, signedFp } from '@familyos/contracts/rules';
import { useAnswerSkip, useDeleteTask, useReverseTask, useReviewTask, useSubmitTask } from '../../api/tasks';
import { failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import type { Task } from '../../lib/types';

/**
 * Complete, approve, reject, delete and reverse a task, and answer a skip request, with SPEC §8's toasts: the one place these words live,
 * for the dashboard's panels and the tasks page alike. `busyId` is the task whose call is in flight, so only its
 * buttons are disabled; each action answers whether it succeeded.
 */
export function useTaskActions() {
  const submit = useSubmitTask();
  const review = useReviewTask();
  const remove = useDeleteTask();
  const reversal = useReverseTask();
  const skip = useAnswerSkip();
  const toast = useToast();
  const busyId = submit.isPending
    ? submit.variables
    : review.isPending
      ? review.variables?.id
      : remove.isPending
        ? remove.variables
        : reversal.isPending
          ? reversal.variables?.id
          : skip.isPending
            ? skip.variables?.id
            : undefined;

  /** Runs a call; on failure a destructive "Error" toast with the server's words, else `fallback`. */
  const attempt = async (call: () => Promise<unknown>, success: { title: string; description: string }, fallback: string) => {
    try {
      await call();
      toast(success);
      return true;
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, fallback), variant: 'destructive' });
      return false;
    }
  };

  const complete = (task: Task) =>
    attempt(
      () => submit.mutateAsync(task.id),
      { title: 'Task Submitted!', description: 'Your task has been submitted for approval.' },
      'Failed to submit task. Please try again.',
    );

  const approve = (task: Task, score: number = limits.task.defaultScore) =>
    attempt(
      () => review.mutateAsync({ id: task.id, review: { status: 'approved', score } }),
      {
        title: 'Task Approved!',
        // The server says whether approving credits now (approvalCreditsTo) or turns a request into a task.
        description: task.approvalCreditsTo
          ? `“${task.title}” has been approved and points awarded.`
          : `“${task.title}” has been approved and added to the child's tasks. Points are awarded once it is done.`,
      },
      'Failed to approve task. Please try again.',
    );

  const reject = (task: Task) =>
    attempt(
      () => review.mutateAsync({ id: task.id, review: { status: 'rejected' } }),
      { title: 'Task Rejected', description: `“${task.title}” has been rejected.` },
      'Failed to reject task. Please try again.',
    );

  const deleteTask = (task: Task) =>
    attempt(
      () => remove.mutateAsync(task.id),
      { title: 'Task Deleted', description: `“${task.title}” was deleted.` },
      'Failed to delete task. Please try again.',
    );

  const reverse = (task: Task, reason: string) =>
    attempt(
      () => reversal.mutateAsync({ id: task.id, reason }),
      { title: 'Task Reversed', description: `“${task.title}” was reversed (${signedFp(-task.pointsValue)}).` },
      'Failed to reverse task. Please try again.',
    );

  /** A child's request to skip a chore's occurrence: allowed, or kept as theirs to do. `who` is the child's name. */
  const answerSkip = (task: Task, answer: 'approve' | 'decline', who: string) =>
    attempt(
      () => skip.mutateAsync({ id: task.id, answer }),
      answer === 'approve'
        ? { title: 'Skip Allowed', description: `${who} can skip “${task.title}” this time.` }
        : { title: 'Skip Declined', description: `“${task.title}” is still ${who}’s to do.` },
      'Could not answer the skip request. Please try again.',
    );

  return {
    complete,
    answerSkip,
    approve,
    reject,
    deleteTask,
    reverse,
    busyId,
    pending: submit.isPending || review.isPending || remove.isPending || reversal.isPending || skip.isPending,
  };
}
