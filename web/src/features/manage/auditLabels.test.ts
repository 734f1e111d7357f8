import { describe, expect, it } from 'vitest';
import { actionLabel, stateText } from './auditLabels';

describe('audit labels', () => {
  it('names the actions in Chinese and shows unknown ones as their code', () => {
    expect(actionLabel('user.disable')).toBe('禁用账号');
    expect(actionLabel('order.approve')).toBe('order.approve');
  });

  it('writes states compactly in Chinese', () => {
    expect(stateText({ status: 1 })).toBe('状态：已禁用');
    expect(stateText({ roles: ['admin', 'monitor'] })).toBe('角色：admin、monitor');
    expect(stateText({ permissions: [] })).toBe('权限：无');
    expect(stateText({ id: 3, regionId: '420000' })).toBe('编号：3；行政区：420000');
    expect(stateText(null)).toBe('—');
  });
});
