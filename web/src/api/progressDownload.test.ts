import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubServer } from '../test/server';
import { NETWORK_ERROR_MESSAGE, api, connectApiFeedback } from './client';
import { downloadSize, downloadWithProgress } from './progressDownload';

afterEach(() => {
  vi.unstubAllGlobals();
  connectApiFeedback(undefined);
});

const EXCEL = '/api/spot/v2/{theme}/export/excel';

/** Exports through the app's client with the server answering `answer`; the toasts shown. */
function exportWith(answer: () => Response) {
  stubServer({ 'GET /api/spot/v2/windmill/export/excel': answer });
  const error = vi.fn();
  connectApiFeedback({ error, warning: vi.fn(), goHome: vi.fn() });
  const progress: unknown[] = [];
  const file = downloadWithProgress(
    api.GET(EXCEL, { params: { path: { theme: 'windmill' } }, parseAs: 'stream' }),
    'fallback.xlsx',
    (step) => progress.push(step),
  );
  return { file, progress, error };
}

/** A body that arrives in these pieces. */
function pieces(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe('a download with progress', () => {
  it('counts the bytes received of Content-Length, from nothing to the whole file', async () => {
    const { file, progress } = exportWith(
      () =>
        new Response(pieces('abc', 'defgh'), {
          headers: {
            'Content-Length': '8',
            'Content-Disposition': `attachment; filename*=UTF-8''%E9%A3%8E%E7%94%B5.xlsx`,
          },
        }),
    );
    const { blob, name } = await file;
    expect(name).toBe('风电.xlsx');
    expect(await blob.text()).toBe('abcdefgh');
    expect(progress).toEqual([
      { received: 0, total: 8 },
      { received: 3, total: 8 },
      { received: 8, total: 8 },
    ]);
  });

  it('counts without a whole when the server gives no length, or a compressed one', async () => {
    const { file, progress } = exportWith(() => new Response(pieces('abcd')));
    expect((await file).name).toBe('fallback.xlsx');
    expect(progress).toEqual([
      { received: 0, total: null },
      { received: 4, total: null },
    ]);
    const compressed = new Headers({ 'Content-Length': '3', 'Content-Encoding': 'gzip' });
    expect(downloadSize(compressed)).toBeNull();
    expect(downloadSize(new Headers({ 'Content-Length': '3' }))).toBe(3);
  });

  it("shows the server's refusal and reports no progress", async () => {
    const { file, progress, error } = exportWith(() =>
      envelope(null, { code: 400, status: 400, message: '图斑超过 50000 个，请缩小范围后导出' }),
    );
    await expect(file).rejects.toMatchObject({ status: 400 });
    expect(error).toHaveBeenCalledWith('图斑超过 50000 个，请缩小范围后导出');
    expect(progress).toEqual([]);
  });

  it('says the network failed when the connection drops halfway', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('ab'));
        controller.error(new TypeError('network error'));
      },
    });
    const { file, error } = exportWith(() => new Response(broken));
    await expect(file).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE });
    expect(error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
  });
});
