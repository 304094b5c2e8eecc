import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../lib/api';
import type { EmailSettings } from '../../lib/types';

/** A member's e-mail settings (issue 20): only the profile page reads them. */
export const emailSettingsQuery = (memberId: string) =>
  queryOptions({ queryKey: ['api', 'users', memberId, 'email'], queryFn: () => get<EmailSettings>(`/api/users/${encodeURIComponent(memberId)}/email`) });
export const useEmailSettings = (memberId: string) => useQuery(emailSettingsQuery(memberId));

export type EmailChange = Partial<Pick<EmailSettings, 'address' | 'weeklyReport' | 'dailyDigest'>>;

export function useChangeEmail(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EmailChange) => put<EmailSettings>(`/api/users/${encodeURIComponent(memberId)}/email`, change),
    onSuccess: (answer) => queryClient.setQueryData(emailSettingsQuery(memberId).queryKey, answer),
  });
}

/** "Send the link again": another confirmation mail to the member's unconfirmed address (decision 043). */
export function useSendConfirmationAgain(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<EmailSettings>(`/api/users/${encodeURIComponent(memberId)}/email/confirmation`),
    onSuccess: (answer) => queryClient.setQueryData(emailSettingsQuery(memberId).queryKey, answer),
  });
}
