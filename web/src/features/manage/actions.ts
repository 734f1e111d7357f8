// The administrators' buttons for the actions a record's detail lists (pure; actions.test.ts):
// what each is called, whether it needs a reason, and what it asks before it is taken.
import type { RecordAction } from '../../api/getRecordDetail';

export interface ActionSpec {
  label: string;
  /** A reason is asked for (and required). */
  reason: boolean;
  /** Asked before the action is taken. */
  confirm?: string;
  danger: boolean;
}

const ORDER_ACTIONS: Partial<Record<RecordAction, ActionSpec>> = {
  approve: { label: '审核通过', reason: false, danger: false },
  reject: { label: '驳回', reason: true, danger: true },
  process: { label: '开始生产', reason: false, danger: false },
  deliver: {
    label: '交付',
    reason: false,
    confirm: '交付后将生成下载链接，申请人即可下载。确定交付？',
    danger: false,
  },
  withdraw: { label: '撤回', reason: true, confirm: '撤回后下载链接立即失效', danger: true },
};

const REQUEST_ACTIONS: Partial<Record<RecordAction, ActionSpec>> = {
  accept: { label: '受理', reason: false, danger: false },
  reject: { label: '驳回', reason: true, danger: true },
  complete: {
    label: '完成',
    reason: false,
    confirm: '完成后影像将恢复在线，申请人即可加入购物车订购。确定完成？',
    danger: false,
  },
};

/** The administrator's buttons for `actions`, in the server's order; the owner's are left out. */
export function adminActions(
  kind: 'order' | 'request',
  actions: readonly RecordAction[],
): { action: RecordAction; spec: ActionSpec }[] {
  const table = kind === 'order' ? ORDER_ACTIONS : REQUEST_ACTIONS;
  return actions.flatMap((action) => {
    const spec = table[action];
    return spec ? [{ action, spec }] : [];
  });
}
