import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from '../app/queryClient';
import { useSession } from '../lib/session';
import { envelope, stubServer } from '../test/server';
import { signIn } from '../test/session';
import { APP_START_VISIT, countVisit, useCountVisit } from './countVisit';
import { getAreaRange } from './getAreaRange';
import { dictQueryOptions, useDict } from './getDict';
import { logout, useLogout } from './logout';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('GET /api/dict/{code}', () => {
  it('keys the query by the dictionary code', () => {
    expect(dictQueryOptions('ORDER_STATUS').queryKey).toEqual(['dict', 'ORDER_STATUS']);
  });

  it('gives the entries through useDict', async () => {
    const items = [{ value: '1', label: '第一季度' }];
    const requests = stubServer({ 'GET /api/dict/COVERAGE_YEAR': () => envelope(items) });
    const { result } = renderHook(() => useDict('COVERAGE_YEAR'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(items);
    expect(requests).toHaveLength(1);
  });
});

describe('POST /api/statistics-transaction/incr', () => {
  const incr = 'POST /api/statistics-transaction/incr';

  it('counts the app start as ALL', async () => {
    const requests = stubServer({ [incr]: () => envelope(null) });
    await countVisit(APP_START_VISIT);
    expect(await requests[0]?.json()).toEqual({ name: 'ALL', label: '全部' });
  });

  it('counts through the useCountVisit mutation', async () => {
    const requests = stubServer({ [incr]: () => envelope(null) });
    const { result } = renderHook(() => useCountVisit(), { wrapper });
    result.current.mutate({ name: 'Personal', label: '个人中心' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(await requests[0]?.json()).toEqual({ name: 'Personal', label: '个人中心' });
  });
});

describe('GET /api/usercenter/arearange/userid/{userId}/0', () => {
  it("asks for the user's ranges that are not deleted", async () => {
    const ranges = [{ id: 1, type: 'regionId', regionId: '420000', status: 0, isDelete: 0 }];
    const requests = stubServer({
      'GET /api/usercenter/arearange/userid/7/0': () => envelope(ranges),
    });
    await expect(getAreaRange(7)).resolves.toEqual(ranges);
    expect(requests).toHaveLength(1);
  });
});

describe('POST /api/usercenter/userinfo/logout', () => {
  const route = 'POST /api/usercenter/userinfo/logout';

  it('ends the session on the server with its token, then here', async () => {
    signIn(['MOD_061'], 5);
    const requests = stubServer({ [route]: () => envelope(null) });
    await logout();
    expect(requests[0]?.headers.get('token')).toBe('session-token');
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, cartCount: 0 });
  });

  it('forgets the session here even when the server cannot be reached', async () => {
    signIn([]);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useLogout(), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(useSession.getState().token).toBeNull();
  });
});
