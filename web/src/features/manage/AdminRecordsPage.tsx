// 订单管理 and 申请管理 (administrators): every user's orders or data requests by status,
// days and code or owner, each opened in the detail drawer with a button for every action the
// server lists; rejections and withdrawals ask a reason, delivering, withdrawing and
// completing are confirmed. A 409 (the status moved meanwhile) shows the server's message, and
// the list and the detail are fetched again after every action.
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import type { RecordAction, RecordDetail, RecordKind } from '../../api/getRecordDetail';
import { PURPOSE_MAX } from '../../components/orders/PurposeFields';
import { RecordsBrowser } from '../../components/orders/RecordsBrowser';
import { useActOnRecord } from './api/actOnRecord';
import { allRecordsQueryOptions } from './api/getAllRecords';
import { adminActions, type ActionSpec } from './actions';

interface Asking {
  action: RecordAction;
  spec: ActionSpec;
}

function ReasonDialog({
  asking,
  submitting,
  onSubmit,
  onCancel,
}: {
  asking: Asking | null;
  submitting: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={asking !== null}
      title={asking ? `${asking.spec.label}原因` : ''}
      okText={asking?.spec.label ?? '确定'}
      cancelText="取消"
      okButtonProps={{ danger: true, 'data-testid': 'reason-dialog-ok' }}
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div data-testid="reason-dialog">
        {asking?.spec.confirm && (
          <Alert type="warning" showIcon title={asking.spec.confirm} style={{ marginBottom: 12 }} />
        )}
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ reason }) => onSubmit(reason.trim())}
        >
          <Form.Item
            name="reason"
            label="原因（申请人可见）"
            rules={[
              { required: true, whitespace: true, message: '请填写原因' },
              { max: PURPOSE_MAX, message: `原因不超过${PURPOSE_MAX}个字` },
            ]}
          >
            <Input.TextArea rows={3} maxLength={PURPOSE_MAX} showCount data-testid="reason-input" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

function AdminActions({ kind, detail }: { kind: RecordKind; detail: RecordDetail }) {
  const { message, modal } = App.useApp();
  const act = useActOnRecord(kind);
  const [asking, setAsking] = useState<Asking | null>(null);
  const { record } = detail;

  const take = (action: RecordAction, spec: ActionSpec, reason?: string) =>
    act.mutate(
      { id: record.id, action, reason },
      {
        onSuccess: (next) => {
          setAsking(null);
          void message.success(
            `${record.code}：${spec.label}，当前状态 ${next.record.statusLabel}`,
          );
        },
        // A 409 (moved meanwhile): the client showed the message; the detail is fetched again.
        onError: () => setAsking(null),
      },
    );

  const press = (action: RecordAction, spec: ActionSpec) => {
    if (spec.reason) {
      setAsking({ action, spec });
      return;
    }
    if (spec.confirm) {
      void modal.confirm({
        title: `${spec.label} ${record.code}`,
        content: spec.confirm,
        okText: spec.label,
        cancelText: '取消',
        okButtonProps: { 'data-testid': 'action-confirm-ok' },
        onOk: () => take(action, spec),
      });
      return;
    }
    take(action, spec);
  };

  return (
    <>
      {adminActions(kind, detail.actions).map(({ action, spec }) => (
        <Button
          key={action}
          type={spec.danger ? 'default' : 'primary'}
          danger={spec.danger}
          loading={act.isPending && act.variables.action === action}
          disabled={act.isPending}
          onClick={() => press(action, spec)}
          data-testid={`action-${action}`}
        >
          {spec.label}
        </Button>
      ))}
      <ReasonDialog
        asking={asking}
        submitting={act.isPending}
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => asking && take(asking.action, asking.spec, reason)}
      />
    </>
  );
}

export function AdminRecordsPage({ kind }: { kind: RecordKind }) {
  return (
    <RecordsBrowser
      kind={kind}
      list={(filter) => allRecordsQueryOptions(kind, filter)}
      showOwner
      actions={(detail) => <AdminActions kind={kind} detail={detail} />}
    />
  );
}
