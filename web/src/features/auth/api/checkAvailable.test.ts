import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectApiFeedback } from '../../../api/client';
import { envelope, stubServer } from '../../../test/server';
import { availabilityQueryOptions, checkAvailable } from './checkAvailable';

afterEach(() => {
  vi.unstubAllGlobals();
  connectApiFeedback(undefined);
});

function quietFeedback() {
  const feedback = { warning: vi.fn(), error: vi.fn(), goHome: vi.fn() };
  connectApiFeedback(feedback);
  return feedback;
}

describe('GET /api/usercenter/valid/{kind}/{value}', () => {
  it('keys the query by kind and value', () => {
    expect(availabilityQueryOptions('email', 'a@b.cn').queryKey).toEqual([
      'usercenter',
      'valid',
      'email',
      'a@b.cn',
    ]);
  });

  it('gives null for a free value', async () => {
    stubServer({ 'GET /api/usercenter/valid/username/newcomer': () => envelope(null) });
    expect(await checkAvailable('username', 'newcomer')).toBeNull();
  });

  it("gives the server's reason for a taken or malformed value, without a toast", async () => {
    const feedback = quietFeedback();
    stubServer({
      'GET /api/usercenter/valid/telephone/13800138000': () =>
        envelope(null, { code: 409, status: 409, message: '该手机号已被注册' }),
      'GET /api/usercenter/valid/email/plain': () =>
        envelope(null, { code: 400, status: 400, message: '请输入正确的邮箱地址' }),
    });
    expect(await checkAvailable('telephone', '13800138000')).toBe('该手机号已被注册');
    expect(await checkAvailable('email', 'plain')).toBe('请输入正确的邮箱地址');
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('encodes the value into the path', async () => {
    const requests = stubServer({
      'GET /api/usercenter/valid/email/a%40b.cn': () => envelope(null),
    });
    expect(await checkAvailable('email', 'a@b.cn')).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('rejects, quietly, when the server cannot answer', async () => {
    const feedback = quietFeedback();
    stubServer({
      'GET /api/usercenter/valid/username/newcomer': () =>
        new Response('Bad Gateway', { status: 502 }),
    });
    await expect(checkAvailable('username', 'newcomer')).rejects.toThrow();
    expect(feedback.error).not.toHaveBeenCalled();
  });
});
