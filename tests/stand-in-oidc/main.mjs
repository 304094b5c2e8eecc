// Runs the stand-in OpenID provider for trying OpenID sign-in locally: `npm run dev:oidc`.
// Any login works on its form; "alex" and "sam" also have a name and an email.
import { startOidcProvider } from './provider.mjs';

const port = Number(process.env.PORT ?? 4010);
const app = process.env.APP_URL ?? 'http://localhost:3000';
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? 'familyos-dev-secret';
const redirectUris = [`${app}/api/auth/oidc/callback`, 'http://localhost:5173/api/auth/oidc/callback'];

const { issuer } = await startOidcProvider({
  port,
  host: 'localhost',
  clients: [{ client_id: 'familyos', client_secret: clientSecret, redirect_uris: [...new Set(redirectUris)] }],
  accounts: [
    { sub: 'alex', name: 'Alex Example', email: 'alex@example.com', preferred_username: 'alex' },
    { sub: 'sam', name: 'Sam Example', email: 'sam@example.com', preferred_username: 'sam' },
  ],
});

console.log(`Stand-in OpenID provider at ${issuer} (redirect URIs: ${redirectUris.join(', ')})`);
console.log('Start the api with:');
console.log(`OIDC_ISSUER=${issuer}`);
console.log('OIDC_CLIENT_ID=familyos');
console.log(`OIDC_CLIENT_SECRET=${clientSecret}`);
console.log('OIDC_NAME="Stand-in provider"');
