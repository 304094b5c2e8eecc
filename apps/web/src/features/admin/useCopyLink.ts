import { useCallback } from 'react';
import { useToast } from '../../lib/toast';
import { inviteLink } from './api';

/** SPEC §8: "Copied", or "Failed to copy link to clipboard." when the browser refuses. */
export function useCopyLink() {
  const toast = useToast();
  return useCallback(
    async (inviteToken: string) => {
      try {
        // Outside a secure context (or in an old browser) there is no clipboard API at all.
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(inviteLink(inviteToken));
        toast({ title: 'Copied', description: 'The invite link is on your clipboard.' });
      } catch {
        toast({ title: 'Error', description: 'Failed to copy link to clipboard.', variant: 'destructive' });
      }
    },
    [toast],
  );
}
