import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * The Content-Security-Policy of every answer. The web app is only external module scripts (no inline script,
 * no eval); MUI/emotion inject <style> elements at run time, hence 'unsafe-inline' for styles alone. The hub
 * (when there is one) is called straight from the browser (its password login, profile photos: see
 * apps/web/src/features/auth/hub.ts) and serves those photos, so its origin is allowed to connect and for images.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'hubUrl'>): string {
  const hub = originOf(config.hubUrl);
  const withHub = (...sources: string[]) => (hub ? [...sources, hub] : sources).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withHub("'self'", 'data:', 'blob:')}`,
    `connect-src ${withHub("'self'")}`,
    "font-src 'self' data:",
    // The service worker (/sw.js) and the web app manifest, both from this origin only (decision 038).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(config: Pick<AppConfig, 'hubUrl'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Same-origin requests keep the full address (the app's own links); other sites learn only our origin, so
    // a hub token in /auth/callback?token=… never leaves in a Referer.
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * On every answer: JSON, the SPA page, assets, errors and Fastify's own 404s. Set as the request arrives, so a
 * header a route sets itself wins (the photos route sends a stricter, sandboxing CSP for uploaded bytes, and its
 * own caching). Every API answer is `Cache-Control: no-store` (decision 031): a family's data, a session token or
 * an invite's family name never sits in a browser's or a proxy's cache after the member signs out. The web
 * build's assets keep their own caching (web-assets.ts). A callback hook, not an async one: every request runs
 * it, and a promise per request is what it would cost (decision 048).
 */
export function applySecurityHeaders(fastify: FastifyInstance, config: Pick<AppConfig, 'hubUrl'>): void {
  const headers = securityHeaders(config);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
