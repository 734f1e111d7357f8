// A file downloaded while the page shows how much has arrived (the monitoring exports): the
// call's body is read piece by piece, counted against the size the server gave.
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  attachmentName,
  reportFailure,
  unwrapBody,
  type CallOptions,
  type NamedFile,
} from './client';

/** How much of a download has arrived, of how much (null when the server did not say). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/**
 * The size of a download as it arrives: Content-Length, unless the body is compressed (the
 * length then counts compressed bytes, and the reader gets them unpacked).
 */
export function downloadSize(headers: Headers): number | null {
  if (headers.has('Content-Encoding')) return null;
  const length = Number(headers.get('Content-Length'));
  return Number.isSafeInteger(length) && length > 0 ? length : null;
}

/**
 * The file of a call made with `parseAs: 'stream'`, under the name the server gives it (or
 * `fallback`). `onProgress` hears first of nothing received, once the server starts answering
 * (it has built the file), then after every piece. A refusal, or a connection lost halfway,
 * rejects like any failed call.
 */
export async function downloadWithProgress(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
  fallback: string,
  onProgress: (progress: DownloadProgress) => void,
  options: CallOptions = {},
): Promise<NamedFile> {
  const { data: body, response } = await unwrapBody(call, options);
  const fail = (message: string) => reportFailure(new ApiError(message, response.status), options);
  // A call made with parseAs 'stream' answers its body as a stream.
  if (!(body instanceof ReadableStream)) throw fail(GENERIC_ERROR_MESSAGE);
  const total = downloadSize(response.headers);
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  try {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(new Uint8Array(value));
      received += value.byteLength;
      onProgress({ received, total });
    }
  } catch {
    throw fail(NETWORK_ERROR_MESSAGE);
  }
  return {
    blob: new Blob(pieces, { type: response.headers.get('Content-Type') ?? '' }),
    name: attachmentName(response.headers.get('Content-Disposition')) ?? fallback,
  };
}
