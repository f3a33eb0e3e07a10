import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Pages and API answers go out gzip- or brotli-compressed when the browser asks (Accept-Encoding): the page's
 * HTML carries the member and settings, so it is rendered per request and cannot be compressed at build time
 * as the static assets are (scripts/compress-assets.mjs; those keep their precompressed files, which this
 * leaves alone because they already carry a Content-Encoding). Only text-like answers of 1 KB or more are
 * worth the CPU; the live hunt stream (text/event-stream) is never compressed, since a compressor holds
 * events back to fill its buffer. Brotli at quality 4 compresses about as well as gzip -9 at a fraction
 * of the cost of quality 11, which suits answers made per request.
 */
/** The encodings answers go out in, the browser's preference first among them. */
export const ANSWER_ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
/** Shorter answers are not worth compressing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ANSWER_ENCODINGS,
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: /^(?:text\/(?:html|plain|css|javascript)|application\/(?:json|javascript)|image\/svg\+xml)(?:;|$)/,
    // Request bodies are never sent compressed by our pages: a compressed body is refused rather than inflated.
    requestEncodings: ['identity'],
  });
}
