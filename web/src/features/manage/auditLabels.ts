// The Chinese names of audit actions (the server writes codes such as user.disable), and a short
// text of a row's before/after states for the table.
import { beijingTime } from '../../lib/beijingTime';

/** Actions the console and administration pages write; others show as their code. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.create': '新建账号',
  'user.disable': '禁用账号',
  'user.enable': '启用账号',
  'user.roles': '设置角色',
  'user.permissions': '设置单独授予的权限',
  'user.range.add': '添加权限范围',
  'user.range.remove': '删除权限范围',
  'order.approve': '审核通过订单',
  'order.reject': '驳回订单',
  'order.process': '订单开始生产',
  'order.deliver': '交付订单',
  'order.withdraw': '撤回订单',
  'request.accept': '受理数据申请',
  'request.reject': '驳回数据申请',
  'request.complete': '完成数据申请',
  'news.create': '新建新闻',
  'news.update': '修改新闻',
  'news.delete': '删除新闻',
  'news.publish': '发布新闻',
  'news.unpublish': '撤回新闻',
  'news.pin': '置顶新闻',
  'news.unpin': '取消置顶新闻',
  'page.update': '修改页面',
  'faq.create': '新增常见问题',
  'faq.update': '修改常见问题',
  'faq.delete': '删除常见问题',
  'file.upload': '上传文件',
  'file.delete': '删除文件',
  'feedback.answer': '回复意见反馈',
};

export function actionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

const FIELD_NAMES: Record<string, string> = {
  status: '状态',
  roles: '角色',
  permissions: '权限',
  regionId: '行政区',
  username: '用户名',
  accountType: '账号类型',
  telephone: '手机号',
  email: '邮箱',
  id: '编号',
  label: '状态',
  reason: '原因',
  expiresAt: '链接有效期至',
};

function valueText(key: string, value: unknown): string {
  if (key === 'status') return value === 1 ? '已禁用' : '正常';
  if (key === 'expiresAt' && typeof value === 'number') return beijingTime(value);
  if (Array.isArray(value)) return value.length === 0 ? '无' : value.join('、');
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** '状态：正常' for {status: 0}; '—' for nothing. */
export function stateText(state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (typeof state !== 'object' || Array.isArray(state)) return valueText('', state);
  const entries = Object.entries(state);
  if (entries.length === 0) return '—';
  return entries
    .map(([key, value]) => `${FIELD_NAMES[key] ?? key}：${valueText(key, value)}`)
    .join('；');
}
