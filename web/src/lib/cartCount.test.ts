import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_COUNT_FAILED, loadCartCount, setCartCount } from './cartCount';
import { useSession } from './session';

afterEach(() => {
  vi.restoreAllMocks();
  useSession.getState().clear();
});

describe('the cart badge count', () => {
  it('is set from an answer that changed the cart', () => {
    setCartCount(7);
    expect(useSession.getState().cartCount).toBe(7);
  });

  it('is loaded from the server', async () => {
    await loadCartCount(() => Promise.resolve(12));
    expect(useSession.getState().cartCount).toBe(12);
  });

  it('logs a failure as 获取购物车数量异常 and keeps the count it had', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setCartCount(5);
    const failure = new Error('down');
    await loadCartCount(() => Promise.reject(failure));
    expect(logged).toHaveBeenCalledWith(CART_COUNT_FAILED, failure);
    expect(CART_COUNT_FAILED).toBe('获取购物车数量异常');
    expect(useSession.getState().cartCount).toBe(5);
  });
});
