/**
 * GET and PUT /api/users/:id/email: a member's e-mail settings, seen by the member and the family's admins only
 * (issue 20). `available` false: the server has no SMTP_URL, so nothing is mailed and nothing can be set.
 */
export interface EmailSettingsView {
  available: boolean;
  address: string | null;
  weeklyReport: boolean;
  dailyDigest: boolean;
  /**
   * Whether the owner of the address followed the link mailed to it (decision 043). Until then the address gets
   * that link and nothing else; false with no address.
   */
  confirmed: boolean;
  /** Whether the member is one the daily summary is for (a parent: one who reviews). */
  dailyDigestOffered: boolean;
  /** Whether the caller may change these (the member alone). */
  canEdit: boolean;
}

/** POST /api/email-confirmation/:token: the address the link confirmed (decision 043). */
export interface EmailConfirmedView {
  address: string;
  confirmed: true;
}
