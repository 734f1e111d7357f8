// Loading the lazily loaded page chunks, and turning their failures into one typed error
// that the route error boundary (RouteErrorFallback) explains to the user (spec §8).

/** How long a page chunk may take before it counts as failed (spec §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  readonly code: ChunkFailure;

  constructor(code: ChunkFailure, cause?: unknown) {
    super(
      code === 'CSS_CHUNK_LOAD_FAILED'
        ? 'page stylesheet failed to load'
        : 'page chunk failed to load',
      { cause },
    );
    this.name = 'ChunkLoadError';
    this.code = code;
  }
}

/** Failures that Vite reported as stylesheet preloads (see installPreloadErrorHook). */
const stylesheetFailures = new WeakSet<object>();

/**
 * Vite's preload helper reports every failed dependency of a dynamic import through the
 * `vite:preloadError` event before the import rejects with the same error. Its errors carry
 * no type (a stylesheet fails as "Unable to preload CSS for <url>"), so the hook is where a
 * failed stylesheet is told apart from a failed script.
 * The default is not prevented: the import still rejects and the route boundary shows it.
 */
export function installPreloadErrorHook(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('vite:preloadError', (event) => {
    const { payload } = event;
    if (payload instanceof Error && /preload CSS/.test(payload.message)) {
      stylesheetFailures.add(payload);
    }
  });
}

function toChunkLoadError(cause: unknown): ChunkLoadError {
  if (cause instanceof ChunkLoadError) return cause;
  const css = typeof cause === 'object' && cause !== null && stylesheetFailures.has(cause);
  return new ChunkLoadError(css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED', cause);
}

/** Runs a dynamic import; rejects with a ChunkLoadError on failure or after the timeout. */
export function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('CHUNK_LOAD_FAILED')), timeoutMs);
    importer()
      .then(resolve, (cause: unknown) => reject(toChunkLoadError(cause)))
      .finally(() => clearTimeout(timer));
  });
}
