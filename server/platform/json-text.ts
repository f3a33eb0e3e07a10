import type { FastifyReply } from 'fastify';
import { sendText } from './compressed-text';

/**
 * Sends JSON text that was checked against the route's response schema when it was built (a hot read kept as ready
 * text, or a copy): Fastify sends a string as it is, without serializing it again, and a text sent before keeps its
 * compressed copy (compressed-text.ts). Returns the reply, as Fastify asks of an async handler that sends its reply
 * itself.
 */
export async function sendJsonText<Reply extends FastifyReply>(reply: Reply, json: string | Promise<string>): Promise<Reply> {
  sendText(reply, typeof json === 'string' ? json : await json, 'application/json; charset=utf-8');
  return reply;
}
