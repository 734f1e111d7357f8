import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from '../app/queryClient';
import { APP_START_VISIT, countVisit, useCountVisit } from './countVisit';
import { dictQueryOptions, useDict } from './getDict';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: '', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function stubFetch(answer: () => Response) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requests.push(request);
      return Promise.resolve(answer());
    }),
  );
  return requests;
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe('GET /api/dict/{code}', () => {
  it('keys the query by the dictionary code', () => {
    expect(dictQueryOptions('ORDER_STATUS').queryKey).toEqual(['dict', 'ORDER_STATUS']);
  });

  it('gives the entries through useDict', async () => {
    const items = [{ value: '1', label: '第一季度' }];
    const requests = stubFetch(() => envelope(items));
    const { result } = renderHook(() => useDict('COVERAGE_YEAR'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(items);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/dict/COVERAGE_YEAR');
  });
});

describe('POST /api/statistics-transaction/incr', () => {
  it('counts the app start as ALL', async () => {
    const requests = stubFetch(() => envelope(null));
    await countVisit(APP_START_VISIT);
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/statistics-transaction/incr');
    expect(await request?.json()).toEqual({ name: 'ALL', label: '全部' });
  });

  it('counts through the useCountVisit mutation', async () => {
    const requests = stubFetch(() => envelope(null));
    const { result } = renderHook(() => useCountVisit(), { wrapper });
    result.current.mutate({ name: 'Personal', label: '个人中心' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(await requests[0]?.json()).toEqual({ name: 'Personal', label: '个人中心' });
  });
});
