import { describe, expect, it } from 'vitest';
import { MOD_056, MOD_061 } from '../../api/permissions';
import { cartAction } from './cart';

describe('加入购物车', () => {
  it('asks an anonymous visitor to log in', () => {
    expect(cartAction({ loggedIn: false, permissions: [], roles: [] })).toBe('login');
  });

  it('refuses a user without MOD_061', () => {
    expect(cartAction({ loggedIn: true, permissions: [MOD_056], roles: [] })).toBe('forbidden');
  });

  it('says the cart comes with the order module to a user with MOD_061', () => {
    expect(cartAction({ loggedIn: true, permissions: [MOD_061], roles: [] })).toBe('pending');
  });
});
