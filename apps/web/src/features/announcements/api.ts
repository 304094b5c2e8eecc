import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView } from '@familyos/contracts/rules';
import { ApiError, del, put, sessionToken } from '../../lib/api';
import { useCreatePost } from '../../lib/submission';
import { announcementsKey, type Announcement } from '../../api/announcements';
import { useHistory } from '../../api/pages';

export type Comment = CommentView;

/** A thread, oldest first, a page at a time (decision 051): the next page holds the later replies. */
export const useComments = (announcementId: string, enabled = true) =>
  useHistory<Comment>('announcements', `/api/announcements/${encodeURIComponent(announcementId)}/comments`, {}, enabled);

export function usePostAnnouncement() {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: (body: { content: string; photoUrl: string | null }) => create<Announcement>('/api/announcements', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}

export function useAddComment(announcementId: string) {
  const queryClient = useQueryClient();
  const create = useCreatePost();
  return useMutation({
    mutationFn: (content: string) => create<Comment>(`/api/announcements/${encodeURIComponent(announcementId)}/comments`, { content }),
    // The thread and the list's comment count.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}

const announcementPath = (id: string) => `/api/announcements/${encodeURIComponent(id)}`;
const commentPath = (announcementId: string, commentId: string) => `${announcementPath(announcementId)}/comments/${encodeURIComponent(commentId)}`;

/** Every change to a post or a reply refreshes the board and its threads (their keys start with the board's). */
function useBoardMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }) });
}

/** PUT /api/announcements/{id}: its author's new text. */
export const useEditAnnouncement = () =>
  useBoardMutation(({ id, content }: { id: string; content: string }) => put<Announcement>(announcementPath(id), { content }));

/** DELETE /api/announcements/{id}: the post and its thread leave the board. */
export const useDeleteAnnouncement = () => useBoardMutation((id: string) => del<void>(announcementPath(id)));

export const useEditComment = (announcementId: string) =>
  useBoardMutation(({ id, content }: { id: string; content: string }) => put<Comment>(commentPath(announcementId, id), { content }));

export const useDeleteComment = (announcementId: string) => useBoardMutation((id: string) => del<void>(commentPath(announcementId, id)));

/**
 * POST /api/upload-photo (multipart field "photo"). XMLHttpRequest rather than fetch, because only it reports
 * upload progress; the server decides whether the bytes are an image, whatever the file's name says.
 */
export function uploadPhoto(file: File, idempotencyKey: string, onProgress?: (fraction: number) => void): Promise<{ photoUrl: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-photo');
    xhr.withCredentials = true;
    const token = sessionToken.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error or server unavailable', [], '', 'Network error'));
    xhr.onload = () => {
      let parsed: { photoUrl?: string; error?: string } = {};
      try {
        parsed = JSON.parse(xhr.responseText || '{}') as typeof parsed;
      } catch {
        parsed = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed.photoUrl) resolve({ photoUrl: parsed.photoUrl });
      else reject(new ApiError(xhr.status, typeof parsed.error === 'string' ? parsed.error : null, [], xhr.responseText, xhr.statusText));
    };
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
}
