// An account's area ranges: the list with a remove (after a confirmation) for each, and a
// region picker to add one. The server checks that the region exists and audits both.
import { useState } from 'react';
import { Button, Empty, List, Modal, Popconfirm, Space } from 'antd';
import { FormFailure } from '../../components/FormFailure';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { useAddAreaRange } from './api/addAreaRange';
import type { Account } from './api/listAccounts';
import { useRemoveAreaRange } from './api/removeAreaRange';

export function RangesDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [region, setRegion] = useState<string | null>(null);
  const add = useAddAreaRange();
  const remove = useRemoveAreaRange();

  return (
    <Modal
      title={<span data-testid="ranges-title">权限范围：{account.username}</span>}
      open
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="ranges-close">
          关闭
        </Button>
      }
      width={560}
    >
      <FormFailure error={add.error ?? remove.error} testId="ranges-error" />
      {account.ranges.length === 0 ? (
        <Empty description="尚未关联权限范围" />
      ) : (
        <List
          dataSource={account.ranges}
          data-testid="ranges-list"
          renderItem={(range) => (
            <List.Item
              data-testid={`range-${range.regionId}`}
              actions={[
                <Popconfirm
                  key="remove"
                  title={`删除权限范围「${range.name ?? range.regionId}」？`}
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true, 'data-testid': 'range-remove-confirm' }}
                  onConfirm={() => remove.mutate(range.id)}
                >
                  <Button size="small" danger data-testid={`range-remove-${range.regionId}`}>
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              {range.name ?? range.regionId}（{range.regionId}）
            </List.Item>
          )}
        />
      )}
      <Space style={{ marginTop: 16 }}>
        <RegionPicker
          includeCountry
          value={region}
          onChange={(path) => setRegion(path.at(-1)?.id ?? null)}
          style={{ width: 320 }}
        />
        <Button
          type="primary"
          disabled={!region}
          loading={add.isPending}
          onClick={() => {
            if (region)
              add.mutate(
                { userId: account.id, regionId: region },
                { onSuccess: () => setRegion(null) },
              );
          }}
          data-testid="range-add"
        >
          添加
        </Button>
      </Space>
    </Modal>
  );
}
