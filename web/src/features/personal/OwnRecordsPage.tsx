// 我的订单 and 我的申请: the user's orders or data requests by status, days and code, each
// opened in the detail drawer with what the owner may do: 取消 while it waits and, for a
// delivered order, its link lists (txt, aria2, sh) and each scene's download link.
import { useState } from 'react';
import { App, Button, Popconfirm } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { RecordDetail, RecordKind } from '../../api/getRecordDetail';
import { RecordsBrowser } from '../../components/orders/RecordsBrowser';
import { KIND_NAME } from '../../components/orders/format';
import { saveFile } from '../../lib/saveFile';
import { useCancelRecord } from './api/cancelRecord';
import { exportLinks, type LinkFormat } from './api/exportLinks';
import { orderCountsQueryOptions } from './api/getOrderCounts';
import { ownRecordsQueryOptions } from './api/getOwnRecords';

/** ORDER_STATUS 已完成: delivered, with download links. */
const ORDER_DELIVERED = 3;

/** The link lists of a delivered order. */
const LINK_LISTS: readonly { format: LinkFormat; label: string }[] = [
  { format: 'txt', label: '下载链接列表' },
  { format: 'aria2', label: 'aria2 列表' },
  { format: 'sh', label: '下载脚本' },
];

function LinkListButtons({ detail }: { detail: RecordDetail }) {
  const [busy, setBusy] = useState<LinkFormat | null>(null);
  const { record } = detail;
  const save = async (format: LinkFormat) => {
    setBusy(format);
    try {
      const file = await exportLinks(record.id, format, record.code);
      saveFile(file.blob, file.name);
    } catch {
      // The client has said why (expired links among them).
    } finally {
      setBusy(null);
    }
  };
  return LINK_LISTS.map(({ format, label }) => (
    <Button
      key={format}
      icon={<DownloadOutlined />}
      loading={busy === format}
      onClick={() => void save(format)}
      data-testid={`export-${format}`}
    >
      {label}
    </Button>
  ));
}

function OwnerActions({ kind, detail }: { kind: RecordKind; detail: RecordDetail }) {
  const { message } = App.useApp();
  const cancel = useCancelRecord(kind);
  const { record } = detail;
  const name = KIND_NAME[kind];
  // Delivered (已完成, ORDER_STATUS 3): the links work until the expiry the drawer shows; the
  // server says so when they no longer do.
  const linksLive = kind === 'order' && record.status === ORDER_DELIVERED;
  return (
    <>
      {linksLive && <LinkListButtons detail={detail} />}
      {detail.actions.includes('cancel') && (
        <Popconfirm
          title={`确定取消${name} ${record.code}？`}
          okText={`取消${name}`}
          cancelText="不取消"
          okButtonProps={{ danger: true, 'data-testid': 'cancel-record-ok' }}
          onConfirm={() =>
            cancel.mutate(record.id, {
              onSuccess: () => void message.success(`${name} ${record.code} 已取消`),
            })
          }
        >
          <Button danger loading={cancel.isPending} data-testid="cancel-record">
            取消{name}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}

export function OwnRecordsPage({ kind }: { kind: RecordKind }) {
  const counts = useQuery({ ...orderCountsQueryOptions(), enabled: kind === 'order' });
  return (
    <RecordsBrowser
      kind={kind}
      list={(filter) => ownRecordsQueryOptions(kind, filter)}
      counts={kind === 'order' ? counts.data : undefined}
      actions={(detail) => <OwnerActions kind={kind} detail={detail} />}
    />
  );
}
