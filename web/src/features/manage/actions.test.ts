import { describe, expect, it } from 'vitest';
import { adminActions } from './actions';

describe("the administrators' buttons", () => {
  it('name the order actions the detail lists, in its order, without the owner’s cancel', () => {
    const buttons = adminActions('order', ['approve', 'reject', 'cancel']);
    expect(buttons.map(({ spec }) => spec.label)).toEqual(['审核通过', '驳回']);
  });

  it('ask a reason to reject and to withdraw, and confirm delivering and withdrawing', () => {
    const [reject, deliver, withdraw] = adminActions('order', ['reject', 'deliver', 'withdraw']);
    expect(reject?.spec).toMatchObject({ reason: true, danger: true });
    expect(deliver?.spec).toMatchObject({ label: '交付', reason: false });
    expect(deliver?.spec.confirm).toBeDefined();
    expect(withdraw?.spec).toMatchObject({ label: '撤回', reason: true });
    expect(withdraw?.spec.confirm).toContain('撤回后下载链接立即失效');
  });

  it('name the request actions: 受理, 驳回 with a reason, 完成 confirmed', () => {
    const buttons = adminActions('request', ['accept', 'reject', 'complete', 'process']);
    expect(buttons.map(({ spec }) => spec.label)).toEqual(['受理', '驳回', '完成']);
    expect(buttons[2]?.spec.confirm).toContain('完成后影像将恢复在线');
  });
});
