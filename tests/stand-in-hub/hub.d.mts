export interface HubUserSpec {
  id: string;
  username: string;
  password: string;
  full_name: string;
  email?: string | null;
  bio?: string;
  /** The extended profile's website. */
  website?: string;
  /** The family the hub names for this user (decision 012's "which family fits"). */
  family_id?: string;
  /** A family named only by the extended profile, not by validate. */
  profileFamilyId?: string;
  /** The hub serves a profile photo for this user. */
  hasPhoto?: boolean;
  /** The extended profile call answers 500 for this user (the server must tolerate it). */
  profileFails?: boolean;
}

export interface StandInHub {
  url: string;
  addUser(user: HubUserSpec): void;
  /** A valid access token for this user, as the hub's login would issue. */
  issueToken(username: string): string;
  close(): Promise<void>;
}

export declare const DEFAULT_HUB_USERS: HubUserSpec[];
export declare function startStandInHub(options?: { port?: number; host?: string; users?: HubUserSpec[] }): Promise<StandInHub>;
