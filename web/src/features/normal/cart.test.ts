import { describe, expect, it } from 'vitest';
import { cartAction } from './cart';

describe('加入购物车', () => {
  it('asks an anonymous visitor to log in', () => {
    expect(cartAction(false, [])).toBe('login');
  });

  it('refuses a user without MOD_061', () => {
    expect(cartAction(true, ['MOD_056'])).toBe('forbidden');
  });

  it('says the cart comes with the order module to a user with MOD_061', () => {
    expect(cartAction(true, ['MOD_061'])).toBe('pending');
  });
});
