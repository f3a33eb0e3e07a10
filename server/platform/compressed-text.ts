import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ANSWER_ENCODINGS, COMPRESS_THRESHOLD_BYTES } from './compression';

type Encoding = (typeof ANSWER_ENCODINGS)[number];
/** Texts kept with their compressed copies, counted in characters: a few busy leaderboards and pages. */
const KEPT_MAX_CHARS = 16 * 1024 * 1024;

const compress: Record<Encoding, (text: string) => Buffer> = {
  // Quality 4, as the compression plugin: about gzip -9's size at a fraction of brotli 11's cost.
  br: (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }),
  gzip: (text) => gzipSync(text),
};

/**
 * The compressed copies of the texts sent lately, keyed by the text itself. A hot read sends the same text object
 * (kept as ready text) to every visitor until it changes, and V8 keeps a string's hash with the string, so finding its
 * copy costs a lookup: compressing a 13 KB leaderboard per request took the read from 68 % to 14 % of hello world's
 * throughput for browsers, which all ask for compression (bench:hot, 2026-12-02). The longest unused go first.
 */
const kept = new Map<string, Partial<Record<Encoding, Buffer>>>();
let keptChars = 0;

function copyOf(text: string, encoding: Encoding): Buffer {
  let copies = kept.get(text);
  if (copies) {
    kept.delete(text);
  } else {
    copies = {};
    keptChars += text.length;
    for (const oldest of kept.keys()) {
      if (keptChars <= KEPT_MAX_CHARS) break;
      kept.delete(oldest);
      keptChars -= oldest.length;
    }
  }
  kept.set(text, copies);
  return (copies[encoding] ??= compress[encoding](text));
}

/** Browsers send one of a few Accept-Encoding values; parsing it per request cost a microsecond of each. */
const ENCODINGS_KEPT = 64;
const chosen = new Map<string, Encoding | null>();

function encodingFor(accepted: string): Encoding | null {
  let encoding = chosen.get(accepted);
  if (encoding === undefined) {
    encoding = negotiate(accepted.toLowerCase(), ANSWER_ENCODINGS);
    // Any visitor can send new values: the list starts again rather than grow.
    if (chosen.size >= ENCODINGS_KEPT) chosen.clear();
    chosen.set(accepted, encoding);
  }
  return encoding;
}

/**
 * Sends a text answer (JSON or a page), compressed in the encoding the browser prefers when it is long enough. The
 * compression plugin leaves an answer that already has its Content-Encoding alone.
 */
export function sendText(reply: FastifyReply, text: string, type: string): FastifyReply {
  reply.type(type).header('vary', 'accept-encoding');
  const accepted = reply.request.headers['accept-encoding'];
  // Characters, not bytes: never more than the bytes, and counting those would read the whole text per request.
  const encoding = accepted && text.length >= COMPRESS_THRESHOLD_BYTES ? encodingFor(accepted) : null;
  if (!encoding) return reply.send(text as never);
  return reply.header('content-encoding', encoding).send(copyOf(text, encoding) as never);
}

/** How many texts have compressed copies kept (tests). */
export const keptTexts = () => kept.size;
