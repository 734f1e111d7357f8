import { describe, expect, it } from 'vitest';
import { MOD_056, MOD_061 } from '../../api/permissions';
import { addAllQuestion, addedSummary, cartAction } from './cart';

describe('加入购物车', () => {
  it('asks an anonymous visitor to log in', () => {
    expect(cartAction({ loggedIn: false, permissions: [], roles: [] })).toBe('login');
  });

  it('refuses a user without MOD_061', () => {
    expect(cartAction({ loggedIn: true, permissions: [MOD_056], roles: [] })).toBe('forbidden');
  });

  it('adds for a user with MOD_061', () => {
    expect(cartAction({ loggedIn: true, permissions: [MOD_061], roles: [] })).toBe('add');
  });

  it('asks before adding every result', () => {
    expect(addAllQuestion(37)).toBe('将全部 37 景加入购物车？');
  });

  it('says what was added, and what was not and why', () => {
    const none = { added: 3, already: 0, offline: [], missing: [], count: 3 };
    expect(addedSummary(none)).toBe('已加入 3 景');
    expect(
      addedSummary({ added: 1, already: 2, offline: ['a', 'b'], missing: ['c'], count: 9 }),
    ).toBe('已加入 1 景，2 景已在购物车中，2 景为离线影像未加入，1 景已不在目录中');
  });
});
