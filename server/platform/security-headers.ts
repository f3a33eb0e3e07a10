import type { FastifyInstance } from 'fastify';
import { BOOT_SPLASH_SCRIPT_HASH } from './boot-splash';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Pages that OBS (or another site) may embed in a frame, such as the stream overlay. */
    frameable?: boolean;
  }
}

/** Kick profile pictures; the Discord avatar host comes from configuration. */
const IMAGE_HOSTS = ['https://files.kick.com'];

function contentSecurityPolicy(frameable: boolean, extraImageHosts: string[]) {
  return [
    "default-src 'self'",
    // The first-visit splash's one inline script (boot-splash.ts), by its hash.
    `script-src 'self' ${BOOT_SPLASH_SCRIPT_HASH}`,
    // Radix and its scroll lock write small <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${[...IMAGE_HOSTS, ...extraImageHosts].join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? '*' : "'none'"}`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean; imageHosts?: string[] }) {
  const extraHosts = options.imageHosts ?? [];
  const framed = contentSecurityPolicy(true, extraHosts);
  const unframed = contentSecurityPolicy(false, extraHosts);

  app.addHook('onSend', async (request, reply, payload) => {
    const frameable = request.routeOptions.config?.frameable === true;
    // A route that serves its own kind of document (an SVG, an upload) sets a stricter policy itself.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', frameable ? framed : unframed);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (!frameable) reply.header('X-Frame-Options', 'DENY');
    if (options.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
