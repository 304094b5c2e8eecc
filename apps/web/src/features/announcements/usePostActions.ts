import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';

interface PostActionsOptions {
  id: string;
  edit: UseMutationResult<unknown, Error, { id: string; content: string }>;
  remove: UseMutationResult<unknown, Error, string>;
  /** "Announcement" or "Comment": the toasts' titles and failure messages. */
  noun: 'Announcement' | 'Comment';
  /** The success toasts' sentences. */
  said: { edited: string; deleted: string };
}

/**
 * Editing and deleting one post or reply, as its `can` allows: whether its edit form or its confirmation is
 * open, and the save and delete that close them with a toast (SPEC §8's destructive one on failure).
 */
export function usePostActions({ id, edit, remove, noun, said }: PostActionsOptions) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();
  const failed = (err: unknown, verb: string) =>
    toast({ title: 'Error', description: failureMessage(err, `Failed to ${verb} ${noun.toLowerCase()}. Please try again.`), variant: 'destructive' });

  async function save(content: string): Promise<boolean> {
    try {
      await edit.mutateAsync({ id, content });
      toast({ title: `${noun} Updated`, description: said.edited });
      setEditing(false);
      return true;
    } catch (err) {
      failed(err, 'update');
      return false;
    }
  }

  async function confirmDelete(): Promise<void> {
    try {
      await remove.mutateAsync(id);
      setDeleting(false);
      toast({ title: `${noun} Deleted`, description: said.deleted });
    } catch (err) {
      failed(err, 'delete');
    }
  }

  return { editing, setEditing, deleting, setDeleting, save, confirmDelete, saving: edit.isPending, removing: remove.isPending };
}
