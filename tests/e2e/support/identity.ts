/**
 * The outside identities of the browser suites (issue 5), named once for playwright.config.ts (which starts the
 * stand-in hub and the OpenID provider beside the api) and for the tests that sign in through them.
 */

/** FAMILYOS_SUPERUSER of the e2e api: the System Admin. */
export const SUPERUSER = { username: 'root', password: 'e2e-root-password' } as const;

/** The product's service id at the stand-in hub. */
export const HUB_SERVICE_ID = 'familyos-e2e';

/** The api's client at the stand-in OpenID provider. */
export const OIDC_CLIENT = { id: 'familyos', secret: 'familyos-e2e-secret', name: 'Stand-in provider' } as const;

/** The api listens on FAMILYOS_E2E_PORT (default 4173); the hub on the next port, the OpenID provider on the one after. */
export const e2ePort = (env: NodeJS.ProcessEnv = process.env) => Number(env.FAMILYOS_E2E_PORT ?? 4173);
export const hubUrl = (env: NodeJS.ProcessEnv = process.env) => `http://127.0.0.1:${e2ePort(env) + 1}`;
// The provider names itself by host name ("localhost"), and its issuer must be the address the api and browser use.
export const oidcIssuer = (env: NodeJS.ProcessEnv = process.env) => `http://localhost:${e2ePort(env) + 2}`;
