// A real OpenID Connect provider (panva's oidc-provider) for tests and for trying OpenID sign-in locally.
// Plain ESM JavaScript so that `node` runs it as is and jest imports it without a transform.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';

/**
 * @typedef {{ client_id: string, client_secret: string, redirect_uris: string[] }} ClientSpec
 * @typedef {{ sub: string, name?: string, email?: string, preferred_username?: string }} AccountSpec
 * @param {{ port?: number, host?: string, clients: ClientSpec[], accounts?: AccountSpec[] }} options
 * @returns {Promise<{ issuer: string, provider: Provider, close(): Promise<void> }>} (types: provider.d.mts)
 */
export async function startOidcProvider({ port = 0, host = '127.0.0.1', clients, accounts = [] }) {
  // The issuer must name the real port, so listen first and attach the provider once the port is known.
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const issuer = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    // Every client must prove possession of the PKCE verifier, confidential ones included.
    pkce: { required: () => true },
    // The built-in development login form: whatever login is typed becomes the subject; listed accounts
    // get their name and email, anyone else is known by the login alone.
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, sub) {
      const account = accounts.find((a) => a.sub === sub) ?? { sub, preferred_username: sub };
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            name: account.name,
            preferred_username: account.preferred_username,
            email: account.email,
            email_verified: account.email ? true : undefined,
          };
        },
      };
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
  });
  // A failure inside the provider would otherwise show only as a vague error page to the test's browser.
  provider.on('server_error', (_ctx, error) => console.error('stand-in OIDC provider error:', error));
  server.on('request', provider.callback());

  return {
    issuer,
    provider,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
