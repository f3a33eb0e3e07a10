import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage & { body: string; url: URL }, response: ServerResponse) => void | Promise<void>;

/** A real HTTP server on a free local port, for standing in for Discord, Kick or a partner API. */
export async function startFakeServer(handle: Handler): Promise<{ url: string; close(): Promise<void>; requests: { method: string; path: string }[] }> {
  const requests: { method: string; path: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.local');
      requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search });
      const enriched = Object.assign(request, { body: Buffer.concat(chunks).toString('utf8'), url });
      Promise.resolve(handle(enriched as IncomingMessage & { body: string; url: URL }, response)).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}
