import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors';
import { responseSerializer } from './response-serializer';

const memberSchema = z.object({ success: z.literal(true), data: z.object({ id: z.number(), username: z.string(), badges: z.array(z.object({ name: z.string() })) }) });

/** What a handler returns goes out as its route's schema names it: nothing more, and never something else. */
describe('the response serializer', () => {
  const app = async (data: unknown) => {
    const server = Fastify({ logger: false });
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(responseSerializer);
    registerErrorHandling(server);
    server.withTypeProvider<ZodTypeProvider>().get('/member', { schema: { response: { 200: memberSchema } } }, async () => data as z.infer<typeof memberSchema>);
    return server;
  };

  it('sends only the fields the schema names, at every depth', async () => {
    const server = await app({
      success: true,
      data: { id: 7, username: 'Shown', discord_id: '123', crypto: 'SecretCasinoName', badges: [{ name: 'VIP', granted_by: 1 }] },
      session_id: 'abc',
    });
    const response = await server.inject('/member');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"success":true,"data":{"id":7,"username":"Shown","badges":[{"name":"VIP"}]}}');
  });

  it('answers 500 with the site’s message, and none of the data, when an answer does not match its schema', async () => {
    const server = await app({ success: true, data: { id: '7', username: 'Shown', crypto: 'SecretCasinoName', badges: [] } });
    const response = await server.inject('/member');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.' });
  });
});
