import { Inject, Injectable } from '@nestjs/common';
import { isWebsiteUrl, limits, messages } from '@familyos/contracts';
import { DomainError } from '@familyos/domain';
import type { AppConfig } from '../../config.js';
import { CONFIG } from '../../platform/tokens.js';

/** A hub user as this server understands it, whatever spelling the hub used for each field. */
export interface HubUser {
  id: string;
  username: string;
  name: string;
  email: string | null;
  /** The family the hub says this user belongs to, when it says so (decision 012: "which family fits"). */
  familyId: string | null;
  role: string | null;
  /** From the extended profile: filled into the member's empty bio and website at sign-in (decision 029). */
  bio: string | null;
  websiteUrl: string | null;
}

/** The hub's extended profile; every field optional, the hub owns its shape. */
export type HubProfile = Record<string, unknown>;

const TIMEOUT_MS = 5_000;

const text = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

/** Reads a hub user defensively: hubs differ in casing and naming, and a user without id or username is no user. */
export function toHubUser(raw: unknown): HubUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Record<string, unknown>;
  const id = text(u.id) ?? text(u.user_id) ?? text(u.userId) ?? text(u.sub);
  const username = text(u.username) ?? text(u.user_name) ?? text(u.login);
  if (!id || !username) return null;
  return {
    id,
    username,
    name: text(u.name) ?? text(u.full_name) ?? text(u.fullName) ?? text(u.display_name) ?? text(u.displayName) ?? username,
    email: text(u.email),
    familyId: text(u.familyId) ?? text(u.family_id),
    role: text(u.role),
    bio: null,
    websiteUrl: null,
  };
}

/** A bio as this server keeps one: cut to limits.bioMax characters (never inside an emoji). */
const bioOf = (value: unknown): string | null => {
  const bio = text(value);
  return bio ? [...bio].slice(0, limits.bioMax).join('').trim() : null;
};

/** A website as this server keeps one: an http(s) address of at most limits.websiteMax characters, or none. */
const websiteOf = (value: unknown): string | null => {
  const url = text(value);
  return url && isWebsiteUrl(url) ? url : null;
};

/** The extended profile's fields folded over the validated user; identity fields (id, username) never change. */
export function withProfile(user: HubUser, profile: HubProfile | null): HubUser {
  if (!profile) return user;
  return {
    ...user,
    name: text(profile.full_name) ?? text(profile.name) ?? text(profile.display_name) ?? user.name,
    email: text(profile.email) ?? user.email,
    familyId: user.familyId ?? text(profile.family_id) ?? text(profile.familyId),
    bio: bioOf(profile.bio) ?? user.bio,
    websiteUrl: websiteOf(profile.website) ?? websiteOf(profile.website_url) ?? websiteOf(profile.websiteUrl) ?? user.websiteUrl,
  };
}

const unavailable = () => new DomainError('bad_gateway', messages.hubUnavailable);

/**
 * The identity hub (SPEC §7), spoken to only from the server: the browser's claims about who it is are never
 * trusted, only what the hub answers for a token.
 */
@Injectable()
export class HubClient {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.hubUrl && this.config.hubServiceId);
  }

  private url(path: string): string {
    if (!this.configured) throw new DomainError('not_found', messages.hubNotConfigured);
    return `${this.config.hubUrl!.replace(/\/+$/, '')}${path}`;
  }

  /** The token's owner, or null when the hub says the token is not valid. Throws 502 when the hub cannot answer. */
  async validate(token: string): Promise<HubUser | null> {
    const url = this.url('/api/auth/validate');
    if (!token) return null;
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw unavailable();
    }
    if (response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw unavailable();
    const body = (await response.json().catch(() => null)) as { valid?: unknown; user?: unknown } | null;
    if (!body || body.valid !== true) return null;
    return toHubUser(body.user);
  }

  /** GET /api/auth/user/{username} (SPEC §7) with a hub token; null when the hub could not be asked. */
  private async lookup(username: string, token: string): Promise<Response | null> {
    try {
      return await fetch(this.url(`/api/auth/user/${encodeURIComponent(username)}`), {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return null;
    }
  }

  /**
   * Whether the hub has a user by this name, asked with a hub token (the parent's, when they signed in through
   * the hub): true or false when the hub said so, null when it could not be asked (decision 029).
   */
  async knows(username: string, token: string): Promise<boolean | null> {
    const response = await this.lookup(username, token);
    if (!response) return null;
    await response.body?.cancel();
    if (response.ok) return true;
    return response.status === 404 ? false : null;
  }

  /** The optional extended profile (SPEC §7): null on any failure, which is tolerated. */
  async extendedProfile(username: string, token: string): Promise<HubProfile | null> {
    try {
      const response = await this.lookup(username, token);
      if (!response?.ok) return null;
      const body: unknown = await response.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as HubProfile) : null;
    } catch {
      return null;
    }
  }

  /** Validate, then merge the extended profile: the hub user as a sign-in or a join should see it. */
  async identify(token: string): Promise<HubUser | null> {
    const user = await this.validate(token);
    if (!user) return null;
    return withProfile(user, await this.extendedProfile(user.username, token));
  }
}
