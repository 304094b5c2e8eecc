import { post } from '../../lib/api';
import type { EmailConfirmed } from '../../lib/types';

/** POST /api/email-confirmation/{token}: the link's token alone confirms the address it was mailed to (decision 043). */
export const confirmEmail = (token: string) => post<EmailConfirmed>(`/api/email-confirmation/${encodeURIComponent(token)}`);
