// A stand-in for the server in component and unit tests: the global fetch answers by
// 'METHOD /path'. (End-to-end tests use the real server.)
import { vi } from 'vitest';

export function envelope(data: unknown, { code = 0, status = 200, message = '' } = {}): Response {
  return new Response(JSON.stringify({ code, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Stubs the global fetch; a request no handler names answers 404. Returns the requests seen
 * (copies, so their bodies can still be read). Undo with vi.unstubAllGlobals().
 */
export function stubServer(handlers: Record<string, Handler>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requests.push(request.clone());
      const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
      return Promise.resolve(
        handler ? handler(request) : envelope(null, { code: 404, status: 404, message: '不存在' }),
      );
    }),
  );
  return requests;
}

/** The requests to one path, e.g. '/api/statistics-transaction/incr'. */
export function requestsTo(requests: readonly Request[], path: string): Request[] {
  return requests.filter((request) => new URL(request.url).pathname === path);
}
