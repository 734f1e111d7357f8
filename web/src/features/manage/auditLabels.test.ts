import { describe, expect, it } from 'vitest';
import { actionLabel, stateText } from './auditLabels';

describe('audit labels', () => {
  it('names the actions in Chinese and shows unknown ones as their code', () => {
    expect(actionLabel('user.disable')).toBe('禁用账号');
    expect(actionLabel('order.approve')).toBe('审核通过订单');
    expect(actionLabel('news.publish')).toBe('发布新闻');
    expect(actionLabel('file.upload')).toBe('上传文件');
    expect(actionLabel('spot.push')).toBe('spot.push');
  });

  it('writes states compactly in Chinese', () => {
    expect(stateText({ status: 1 })).toBe('状态：已禁用');
    expect(stateText({ roles: ['admin', 'monitor'] })).toBe('角色：admin、monitor');
    expect(stateText({ permissions: [] })).toBe('权限：无');
    expect(stateText({ id: 3, regionId: '420000' })).toBe('编号：3；行政区：420000');
    expect(stateText(null)).toBe('—');
    // An order's move: its status label, the reason, when its links expire.
    expect(stateText({ label: '已撤回', reason: '误交付', expiresAt: 1_795_651_200 })).toBe(
      '状态：已撤回；原因：误交付；链接有效期至：2026-11-26 08:00:00',
    );
  });
});
