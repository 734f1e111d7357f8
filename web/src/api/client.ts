// The one place where HTTP answers become data or errors (spec §7, §8):
// - the session token travels in the `token` header;
// - a body is the envelope {code, message, data}; code 0 is success and `data` is returned;
// - HTTP 401 ends the session (logout, back to /home, a warning);
// - HTTP 404 and 504 reject without a toast;
// - any other failure shows the envelope's message (or a generic one) as an error toast.
import createClient from 'openapi-fetch';
import { useSession } from '../lib/session';
import type { paths } from './schema';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export class ApiError extends Error {
  /** HTTP status; undefined when no answer arrived. */
  readonly status: number | undefined;
  /** The envelope's code, when the answer had one. */
  readonly code: number | undefined;

  constructor(message: string, status?: number, code?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const SESSION_EXPIRED_MESSAGE = '登录已过期，请重新登录！';
export const GENERIC_ERROR_MESSAGE = '服务异常，请稍后重试';
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络连接后重试';

/** HTTP statuses the user is not told about (spec §8). */
const SILENT_STATUSES = new Set([404, 504]);

export interface ApiEnvironment {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  getToken: () => string | null;
  /** Called on HTTP 401. */
  onUnauthorized: () => void;
  /** Called with the Chinese message of a failure the user should see. */
  onError: (message: string) => void;
}

export interface CallOptions {
  /** No toast: the caller ignores or reports the failure itself (401 still ends the session). */
  quiet?: boolean;
}

/** What openapi-fetch resolves with; `data` is a 2xx body, `error` any other body. */
interface Answer<T> {
  data?: Envelope<T>;
  error?: unknown;
  response: Response;
}

function asEnvelope(body: unknown): Partial<Envelope<unknown>> {
  return typeof body === 'object' && body !== null ? body : {};
}

export function createApi(environment: ApiEnvironment) {
  const client = createClient<paths>({ baseUrl: environment.baseUrl, fetch: environment.fetch });
  client.use({
    onRequest({ request }) {
      const token = environment.getToken();
      if (token) request.headers.set('token', token);
      return request;
    },
  });

  /**
   * Tells the user about a failure (unless the call is quiet) and gives it back to throw: for
   * failures met after the answer arrived (a download cut off halfway).
   */
  function failure(error: ApiError, options: CallOptions): ApiError {
    if (!options.quiet) environment.onError(error.message);
    return error;
  }

  /**
   * Waits for an answer and judges it: `body` gives the successful payload (or undefined when
   * the answer is a failure after all); failures reject with an ApiError (see top).
   */
  async function settle<A extends { response: Response; error?: unknown }, T>(
    call: Promise<A>,
    body: (answer: A) => { value: T } | undefined,
    options: CallOptions,
  ): Promise<T> {
    const fail = (error: ApiError) => failure(error, options);

    let answer: A;
    try {
      answer = await call;
    } catch (cause) {
      // fetch rejects when no answer arrived; a body that is not JSON fails to parse.
      const message = cause instanceof SyntaxError ? GENERIC_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE;
      throw fail(new ApiError(message));
    }

    const { status, ok } = answer.response;
    const success = ok ? body(answer) : undefined;
    if (success) return success.value;

    const envelope = asEnvelope(answer.error ?? (answer as { data?: unknown }).data);
    const message = envelope.message || GENERIC_ERROR_MESSAGE;
    const error = new ApiError(message, status, envelope.code);
    if (status === 401) {
      environment.onUnauthorized();
      throw error;
    }
    if (SILENT_STATUSES.has(status)) throw error;
    throw fail(error);
  }

  /** The `data` of a successful envelope; otherwise rejects with an ApiError (see top). */
  function unwrap<T>(call: Promise<Answer<T>>, options: CallOptions = {}): Promise<T> {
    return settle(
      call,
      (answer) => {
        const envelope = asEnvelope(answer.data);
        return envelope.code === 0 ? { value: envelope.data as T } : undefined;
      },
      options,
    );
  }

  /**
   * The successful answer of a call not read as JSON (`parseAs: 'blob'` or `'stream'`): its
   * body and the response. Failures still come as an envelope and reject like unwrap's.
   */
  function unwrapBody(
    call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
    options: CallOptions = {},
  ): Promise<{ data: unknown; response: Response }> {
    return settle(
      call,
      ({ data, response }) => (data === undefined ? undefined : { value: { data, response } }),
      options,
    );
  }

  /** A file answer (a call made with `parseAs: 'blob'`). */
  async function unwrapFile(
    call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
    options: CallOptions = {},
  ): Promise<Blob> {
    return (await unwrapBody(call, options)).data as Blob;
  }

  /**
   * Like unwrapFile, with the name the server gives the file (Content-Disposition), or
   * `fallback` when it gives none.
   */
  async function unwrapDownload(
    call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
    fallback: string,
    options: CallOptions = {},
  ): Promise<NamedFile> {
    const { data, response } = await unwrapBody(call, options);
    const name = attachmentName(response.headers.get('Content-Disposition')) ?? fallback;
    return { blob: data as Blob, name };
  }

  return { client, unwrap, unwrapFile, unwrapDownload, unwrapBody, reportFailure: failure };
}

/** A file answer and the name to save it under. */
export interface NamedFile {
  blob: Blob;
  name: string;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? undefined;
}

/** Lets the app's shell show toasts and navigate; connected by the layout once it is mounted. */
export interface ApiFeedback {
  warning: (message: string) => void;
  error: (message: string) => void;
  goHome: () => void;
}

let feedback: ApiFeedback | undefined;

export function connectApiFeedback(next: ApiFeedback | undefined): void {
  feedback = next;
}

export const {
  client: api,
  unwrap,
  unwrapFile,
  unwrapDownload,
  unwrapBody,
  reportFailure,
} = createApi({
  // Every call goes to the page's own origin (spec §7).
  baseUrl: window.location.origin,
  // Looked up per call, so tests can stub the global fetch.
  fetch: (request) => fetch(request),
  getToken: () => useSession.getState().token,
  onUnauthorized: () => {
    // Calls in flight when a session ends all fail with 401: the first ends the session and
    // warns; the others find it ended and only make sure the visitor is home.
    const ended = useSession.getState().token === null;
    useSession.getState().clear();
    feedback?.goHome();
    if (!ended) feedback?.warning(SESSION_EXPIRED_MESSAGE);
  },
  onError: (message) => feedback?.error(message),
});
