import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { SoftChip } from '../../components/SoftChip';
import type { Checked, Draft, DraftErrors } from './drafts';
import { ItemFields, type ItemFieldsProps } from './ItemFields';

export interface ItemView {
  emoji: string;
  name: string;
  detail?: string;
  amount: string;
}

interface EditableItemsProps<T> {
  items: T[];
  view: (item: T) => ItemView;
  toDraft: (item?: T) => Draft;
  /** Checks a draft; `index` is the row being edited, null when adding. */
  check: (draft: Draft, index: number | null) => Promise<Checked<T>>;
  /** Saves the whole new list; resolves true when saved. */
  persist: (next: T[], said: string) => Promise<boolean>;
  busy: boolean;
  fields: Omit<ItemFieldsProps, 'draft' | 'errors' | 'onChange' | 'autoFocus'>;
  /** e.g. "Add a custom template" (an h3) and "Add Template" (its button). */
  addHeading: string;
  addButton: string;
  empty: ReactNode;
  emptyEmoji: string;
  /** What removing one means, said in the confirmation (e.g. "The children can no longer choose it."). */
  removeMeans: string;
  testId: string;
}

/**
 * A list of templates or rewards with SPEC §4's editing: one row edits at a time (Save or Cancel leaves it),
 * rows can be removed once the parent confirms (issue 18), and a form below adds one. Every change saves the
 * whole list.
 */
export function EditableItems<T>(props: EditableItemsProps<T>) {
  const { items, view, toDraft, check, persist, busy, fields, addHeading, addButton, empty, emptyEmoji, removeMeans, testId } = props;
  /** The row whose removal waits for the parent's answer. */
  const [removing, setRemoving] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ index: number; draft: Draft; errors: DraftErrors } | null>(null);
  const [adding, setAdding] = useState<{ draft: Draft; errors: DraftErrors }>(() => ({ draft: toDraft(), errors: {} }));
  const editButtons = useRef(new Map<number, HTMLButtonElement>());

  const focusEdit = (index: number) => requestAnimationFrame(() => editButtons.current.get(index)?.focus());
  const stopEditing = (index: number) => {
    setEditing(null);
    focusEdit(index);
  };

  const saveEdit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || busy) return;
    const result = await check(editing.draft, editing.index);
    if (!result.ok) return setEditing({ ...editing, errors: result.errors });
    const before = view(items[editing.index]!).name;
    const next = items.map((item, i) => (i === editing.index ? result.value : item));
    const after = view(result.value).name;
    if (await persist(next, before === after ? `“${after}” was saved.` : `“${before}” is now “${after}”.`)) stopEditing(editing.index);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = await check(adding.draft, null);
    if (!result.ok) return setAdding({ ...adding, errors: result.errors });
    if (await persist([...items, result.value], `“${view(result.value).name}” was added.`)) setAdding({ draft: toDraft(), errors: {} });
  };

  const remove = async (index: number) => {
    if (busy) return;
    const name = view(items[index]!).name;
    if (await persist(items.filter((_, i) => i !== index), `“${name}” was removed.`)) {
      setRemoving(null);
      if (editing && editing.index >= index) setEditing(null);
    }
  };
  const removingName = removing === null ? '' : (items[removing] && view(items[removing]).name) ?? '';

  return (
    <Stack sx={{ gap: 2 }} data-testid={testId}>
      {items.length === 0 ? (
        <EmptyState emoji={emptyEmoji}>{empty}</EmptyState>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.map((item, index) => {
            const v = view(item);
            return (
              <Box component="li" key={`${index}-${v.name}`} aria-label={v.name} sx={{ borderRadius: 2, bgcolor: 'action.hover', p: 1.25 }}>
                {editing?.index === index ? (
                  <Box
                    component="form"
                    noValidate
                    aria-label={`Edit ${v.name}`}
                    onSubmit={saveEdit}
                    onKeyDown={(e) => e.key === 'Escape' && stopEditing(index)}
                    sx={{ pt: 0.75 }}
                  >
                    <ItemFields
                      {...fields}
                      autoFocus
                      draft={editing.draft}
                      errors={editing.errors}
                      onChange={(patch) => setEditing({ ...editing, draft: { ...editing.draft, ...patch }, errors: {} })}
                    />
                    <Stack direction="row" sx={{ gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
                      <Button onClick={() => stopEditing(index)} disabled={busy}>
                        Cancel
                      </Button>
                      <Button type="submit" variant="contained" disabled={busy}>
                        {busy ? 'Saving…' : 'Save'}
                      </Button>
                    </Stack>
                  </Box>
                ) : (
                  <ItemRow
                    v={v}
                    busy={busy}
                    editRef={(el) => (el ? editButtons.current.set(index, el) : editButtons.current.delete(index))}
                    onEdit={() => setEditing({ index, draft: toDraft(item), errors: {} })}
                    onRemove={() => setRemoving(index)}
                  />
                )}
              </Box>
            );
          })}
        </Box>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removingName}”?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={busy}
        onConfirm={() => removing !== null && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removeMeans}
      </ConfirmDialog>

      <Box component="form" noValidate onSubmit={add} aria-labelledby={`${testId}-add`}>
        <Typography id={`${testId}-add`} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.25 }}>
          {addHeading}
        </Typography>
        <ItemFields
          {...fields}
          draft={adding.draft}
          errors={adding.errors}
          onChange={(patch) => setAdding({ draft: { ...adding.draft, ...patch }, errors: {} })}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {addButton}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}

function ItemRow({ v, busy, editRef, onEdit, onRemove }: { v: ItemView; busy: boolean; editRef: (el: HTMLButtonElement | null) => void; onEdit: () => void; onRemove: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1.25 }}>
      <Box aria-hidden sx={{ fontSize: 26, width: 36, textAlign: 'center', flexShrink: 0 }}>
        {v.emoji}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{v.name}</Typography>
        {v.detail && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {v.detail}
          </Typography>
        )}
        {/* On a phone the amount goes under the name, which then keeps the row's width. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <SoftChip label={v.amount} tone="primary" />
        </Box>
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <SoftChip label={v.amount} tone="primary" />
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <Tooltip title="Edit">
          <span>
            <IconButton ref={editRef} aria-label={`Edit ${v.name}`} onClick={onEdit} disabled={busy} size="small">
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Remove">
          <span>
            <IconButton aria-label={`Remove ${v.name}`} onClick={onRemove} disabled={busy} size="small" color="error">
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
