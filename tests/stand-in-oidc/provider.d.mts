/** Types for provider.mjs, which stays plain JavaScript so that `node` runs it as is. */
export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** `sub` is also the login typed on the provider's form; anyone else who logs in is known by the login alone. */
export interface StandInAccount {
  sub: string;
  name?: string;
  email?: string;
  preferred_username?: string;
}

export interface StandInProvider {
  issuer: string;
  close(): Promise<void>;
}

export function startOidcProvider(options: {
  port?: number;
  host?: string;
  clients: StandInClient[];
  accounts?: StandInAccount[];
}): Promise<StandInProvider>;
