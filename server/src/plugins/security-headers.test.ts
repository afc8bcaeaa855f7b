import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import securityHeaders, { helmetHeaders } from './security-headers.js';

/** Fresh each time: Helmet may change the options object it is given. */
const options = () => ({
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' as const },
});

describe('security headers', () => {
  it('are the headers Helmet itself sets', () => {
    const set: Record<string, string> = {};
    helmet(options())(
      {} as never,
      {
        setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value),
        removeHeader: () => {},
      } as never,
      () => {},
    );
    expect(helmetHeaders(options())).toEqual(set);
    expect(set['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(set['x-frame-options']).toBe('DENY');
  });

  it('go on every answer: a route, a 404 and an error', async () => {
    const app = Fastify();
    await app.register(securityHeaders, options());
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/missing', '/fails']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBe(
        helmetHeaders(options())['content-security-policy'],
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    await app.close();
  });
});
