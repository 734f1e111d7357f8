import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../lib/session';
import { regionRange, testUser } from '../test/session';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  api,
  attachmentName,
  connectApiFeedback,
  createApi,
  unwrap,
} from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(
  answer: (request: Request) => Response | Promise<Response>,
  token: string | null = null,
) {
  const requests: Request[] = [];
  const onUnauthorized = vi.fn();
  const onError = vi.fn();
  const { client, unwrap: unwrapAnswer } = createApi({
    baseUrl: 'http://rscloud.test',
    fetch: async (request) => {
      requests.push(request);
      return answer(request);
    },
    getToken: () => token,
    onUnauthorized,
    onError,
  });
  const getDict = (options?: { quiet?: boolean }) =>
    unwrapAnswer(
      client.GET('/api/dict/{code}', { params: { path: { code: 'ORDER_STATUS' } } }),
      options,
    );
  return { requests, onUnauthorized, onError, getDict };
}

const items = [{ value: '1', label: '待支付' }];

describe('the API client', () => {
  it('returns the data of a code-0 envelope', async () => {
    const { getDict, requests, onError } = setup(() =>
      json(200, { code: 0, message: '', data: items }),
    );
    await expect(getDict()).resolves.toEqual(items);
    expect(requests[0]?.url).toBe('http://rscloud.test/api/dict/ORDER_STATUS');
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends the session token in the `token` header, and no header without one', async () => {
    const ok = () => json(200, { code: 0, message: '', data: [] });
    const withToken = setup(ok, 'abc123');
    await withToken.getDict();
    expect(withToken.requests[0]?.headers.get('token')).toBe('abc123');

    const anonymous = setup(ok);
    await anonymous.getDict();
    expect(anonymous.requests[0]?.headers.has('token')).toBe(false);
  });

  it('shows the message of a non-zero envelope and rejects', async () => {
    const { getDict, onError } = setup(() =>
      json(200, { code: 7, message: '字典已停用', data: null }),
    );
    const error = await getDict().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '字典已停用', code: 7, status: 200 });
    expect(onError).toHaveBeenCalledWith('字典已停用');
  });

  it('ends the session on HTTP 401 without an error toast', async () => {
    const { getDict, onUnauthorized, onError } = setup(() =>
      json(401, { code: 401, message: '请先登录', data: null }),
    );
    await expect(getDict()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    [404, () => json(404, { code: 404, message: '字典不存在', data: null })],
    [504, () => new Response('<html>Gateway Timeout</html>', { status: 504 })],
  ])('rejects HTTP %i silently', async (status, answer) => {
    const { getDict, onError, onUnauthorized } = setup(answer);
    await expect(getDict()).rejects.toMatchObject({ status });
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("shows the envelope's message of any other HTTP error", async () => {
    const { getDict, onError } = setup(() =>
      json(400, { code: 400, message: '参数错误', data: null }),
    );
    await expect(getDict()).rejects.toMatchObject({ status: 400, code: 400 });
    expect(onError).toHaveBeenCalledWith('参数错误');
  });

  it('shows a generic message when the error body is no envelope', async () => {
    const { getDict, onError } = setup(
      () => new Response('Internal Server Error', { status: 500 }),
    );
    await expect(getDict()).rejects.toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE });
    expect(onError).toHaveBeenCalledWith(GENERIC_ERROR_MESSAGE);
  });

  it('shows a generic message when a 200 body is not JSON', async () => {
    const { getDict, onError } = setup(() => new Response('<html>', { status: 200 }));
    await expect(getDict()).rejects.toMatchObject({ message: GENERIC_ERROR_MESSAGE });
    expect(onError).toHaveBeenCalledWith(GENERIC_ERROR_MESSAGE);
  });

  it('says the network failed when no answer arrived', async () => {
    const { getDict, onError } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(getDict()).rejects.toMatchObject({
      status: undefined,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(onError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
  });

  it('keeps quiet calls quiet, except that 401 still ends the session', async () => {
    const failing = setup(() => json(500, { code: 500, message: '内部错误', data: null }));
    await expect(failing.getDict({ quiet: true })).rejects.toMatchObject({ status: 500 });
    expect(failing.onError).not.toHaveBeenCalled();

    const expired = setup(() => json(401, { code: 401, message: '', data: null }));
    await expect(expired.getDict({ quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(expired.onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('the app instance', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    connectApiFeedback(undefined);
    useSession.getState().clear();
  });

  it('on HTTP 401 logs out, goes home and warns 登录已过期，请重新登录！', async () => {
    useSession.setState({
      token: 'stale',
      userInfo: testUser(['MOD_061']),
      areaRange: [regionRange()],
      cartCount: 3,
    });
    const feedback = { warning: vi.fn(), error: vi.fn(), goHome: vi.fn() };
    connectApiFeedback(feedback);
    const fetchMock = vi.fn((request: Request) => {
      expect(request.headers.get('token')).toBe('stale');
      return Promise.resolve(json(401, { code: 401, message: '登录失效', data: null }));
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      unwrap(api.GET('/api/dict/{code}', { params: { path: { code: 'X' } } })),
    ).rejects.toBeInstanceOf(ApiError);

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useSession.getState()).toMatchObject({
      token: null,
      userInfo: null,
      areaRange: [],
      cartCount: 0,
    });
    expect(feedback.goHome).toHaveBeenCalledOnce();
    expect(feedback.warning).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('warns once when several calls in flight fail as the session ends', async () => {
    useSession.setState({ token: 'stale', userInfo: testUser([]) });
    const feedback = { warning: vi.fn(), error: vi.fn(), goHome: vi.fn() };
    connectApiFeedback(feedback);
    // Both requests leave with the old token; their answers arrive after both were sent.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return json(401, { code: 401, message: '登录失效', data: null });
      }),
    );
    const call = () => unwrap(api.GET('/api/dict/{code}', { params: { path: { code: 'X' } } }));
    const both = Promise.allSettled([call(), call()]);
    answer();
    const outcomes = await both;

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(feedback.warning).toHaveBeenCalledOnce();
    expect(feedback.goHome).toHaveBeenCalledTimes(2);
    expect(useSession.getState().token).toBeNull();
  });
});

describe('a named download', () => {
  it('reads the file name of Content-Disposition, filename* first', () => {
    expect(attachmentName('attachment; filename="DD20261126000001.sh"')).toBe(
      'DD20261126000001.sh',
    );
    expect(attachmentName('attachment; filename=list.txt')).toBe('list.txt');
    expect(
      attachmentName(`attachment; filename="a.txt"; filename*=UTF-8''%E9%93%BE%E6%8E%A5.txt`),
    ).toBe('链接.txt');
    expect(attachmentName(null)).toBeUndefined();
    expect(attachmentName('inline')).toBeUndefined();
  });

  it('gives the blob with the name the server gave it, or the fallback', async () => {
    const answer = (headers: Record<string, string>) =>
      new Response('http://a/1\n', { status: 200, headers });
    for (const [headers, name] of [
      [{ 'Content-Disposition': 'attachment; filename="DD1.txt"' }, 'DD1.txt'],
      [{}, 'fallback.txt'],
    ] as const) {
      const { unwrapDownload, client } = createApi({
        baseUrl: 'http://rscloud.test',
        fetch: () => Promise.resolve(answer(headers)),
        getToken: () => 't',
        onUnauthorized: vi.fn(),
        onError: vi.fn(),
      });
      const file = await unwrapDownload(
        client.GET('/api/order/v3/exporturi/{id}', {
          params: { path: { id: 1 } },
          parseAs: 'blob',
        }),
        'fallback.txt',
      );
      expect(file.name).toBe(name);
      expect(await file.blob.text()).toBe('http://a/1\n');
    }
  });
});
