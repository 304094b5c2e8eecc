import { messages } from '@familyos/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useUpdateFamily, type FamilyChanges } from '../../api/family';
import { auditLogsKey } from '../../api/audit';

export const SAVE_FAILED = 'Failed to update settings. Please try again.';

/** SPEC §5: an edit that would change a built-in template is refused with these words. */
export function useSystemTemplateRefusal() {
  const toast = useToast();
  return useCallback(
    () => toast({ title: 'Cannot Edit System Templates', description: messages.systemTemplateEdit, variant: 'destructive' }),
    [toast],
  );
}

/**
 * One settings save (PUT /api/family with a subset of the settings) and SPEC §8's toasts: "Settings Updated"
 * with a sentence saying what changed, or "Error" with the server's words / "Failed to update settings…".
 * Each card has its own, so only that card's buttons wait while it saves. Resolves true when saved. `keepalive`
 * lets the request outlive the page.
 */
export function useSaveSettings() {
  const update = useUpdateFamily();
  const toast = useToast();
  const refuseSystemEdit = useSystemTemplateRefusal();
  const queryClient = useQueryClient();
  const { mutateAsync } = update;

  const save = useCallback(
    async (changes: FamilyChanges, said: string, options: { keepalive?: boolean } = {}): Promise<boolean> => {
      try {
        await mutateAsync({ changes, keepalive: options.keepalive });
        toast({ title: 'Settings Updated', description: said });
        // The change is in the audit log now: the Recent Activity card shows it.
        void queryClient.invalidateQueries({ queryKey: auditLogsKey });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.serverMessage === messages.systemTemplateEdit) refuseSystemEdit();
        else {
          const first = error instanceof ApiError ? error.details[0]?.message : undefined;
          const detail = typeof first === 'string' && first ? first : null;
          toast({ title: 'Error', description: detail ?? failureMessage(error, SAVE_FAILED), variant: 'destructive' });
        }
        return false;
      }
    },
    [mutateAsync, toast, refuseSystemEdit, queryClient],
  );
  return { save, busy: update.isPending };
}
