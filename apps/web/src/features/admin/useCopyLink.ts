import { useCallback } from 'react';
import { useToast } from '../../lib/toast';

/** SPEC §8: "Copied", or "Failed to copy link to clipboard." when the browser refuses. `what`: "invite link", … */
export function useCopyLink() {
  const toast = useToast();
  return useCallback(
    async (link: string, what = 'invite link') => {
      try {
        // Outside a secure context (or in an old browser) there is no clipboard API at all.
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(link);
        toast({ title: 'Copied', description: `The ${what} is on your clipboard.` });
      } catch {
        toast({ title: 'Error', description: 'Failed to copy link to clipboard.', variant: 'destructive' });
      }
    },
    [toast],
  );
}
