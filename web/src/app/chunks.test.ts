import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  installPreloadErrorHook,
  loadChunk,
} from './chunks';

/** What Vite's preload helper does when a dependency fails: the event, then the rejection. */
function failPreload(target: EventTarget, error: Error): Promise<never> {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
    payload: error,
  });
  target.dispatchEvent(event);
  return Promise.reject(error);
}

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module', async () => {
    const module = { default: () => null };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('turns a failed script into ChunkLoadError CHUNK_LOAD_FAILED', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED', cause });
  });

  it('turns a stylesheet that Vite failed to preload into CSS_CHUNK_LOAD_FAILED', async () => {
    const target = new EventTarget();
    installPreloadErrorHook(target);
    const cssError = new Error('Unable to preload CSS for /chinese/assets/HomePage-x.css');
    await expect(loadChunk(() => failPreload(target, cssError))).rejects.toMatchObject({
      code: 'CSS_CHUNK_LOAD_FAILED',
    });

    const scriptError = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadChunk(() => failPreload(target, scriptError))).rejects.toMatchObject({
      code: 'CHUNK_LOAD_FAILED',
    });
  });

  it('gives up after 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(settled).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });
});
