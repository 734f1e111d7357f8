// 购物车 (spec §2 /personal/personalCenter/shopping): the user's cart a page at a time, with
// each scene's quick-look, facts and availability; online lines are checked (on this page or,
// with 全选, on all) and ordered with a purpose, usage and delivery; lines are removed.
import { useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OrderRecord } from '../../api/getRecordDetail';
import { PurposeDialog } from '../../components/orders/PurposeDialog';
import { tablePagination, type Paging } from '../../components/orders/paging';
import { DEFAULT_PAGE, formatCloud, formatSize, formatTime } from '../../components/orders/format';
import {
  availabilityOf,
  cartQueryOptions,
  type CartLine,
  type LineAvailability,
} from './api/getCart';
import { getOrderableIds } from './api/getOrderableIds';
import { useRemoveFromCart } from './api/removeFromCart';
import { useSubmitOrder } from './api/submitOrder';
import { MY_ORDERS_PATH } from './paths';
import './CartPage.css';
import { LoadFailed } from '../../components/LoadFailed';

const AVAILABILITY: Record<LineAvailability, { label: string; colour: string }> = {
  online: { label: '在线', colour: 'green' },
  offline: { label: '离线', colour: 'default' },
  missing: { label: '已下架', colour: 'red' },
};

function Quicklook({ line }: { line: CartLine }) {
  const [failed, setFailed] = useState(false);
  const src = line.scene?.quicklook;
  if (!src || failed)
    return <div className="cart-page__thumb cart-page__thumb--none">无快视图</div>;
  return (
    <img
      className="cart-page__thumb"
      src={src}
      alt={`${line.scene?.fileName ?? line.sceneId} 快视图`}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

export default function CartPage() {
  const { message, modal } = App.useApp();
  const [paging, setPaging] = useState<Paging>(DEFAULT_PAGE);
  const lines = useQuery(cartQueryOptions(paging));
  const [selected, setSelected] = useState<string[]>([]);
  const [selectingAll, setSelectingAll] = useState(false);
  const [ordering, setOrdering] = useState(false);
  const [ordered, setOrdered] = useState<OrderRecord | null>(null);
  const remove = useRemoveFromCart();
  const submit = useSubmitOrder();
  const page = lines.data;
  const unavailable = (page?.list ?? []).filter((line) => availabilityOf(line) !== 'online');

  const removeLines = (ids: string[]) =>
    remove.mutate(ids, {
      onSuccess: (answer) => {
        void message.success(`已移除 ${answer.removed} 景`);
        setSelected((before) => before.filter((id) => !ids.includes(id)));
      },
    });

  const confirmRemoveSelected = () =>
    void modal.confirm({
      title: `确定从购物车移除所选 ${selected.length} 景？`,
      okText: '移除',
      okButtonProps: { danger: true, 'data-testid': 'remove-selected-ok' },
      cancelText: '取消',
      onOk: () => removeLines(selected),
    });

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      setSelected(await getOrderableIds());
    } catch {
      // The client has said why.
    } finally {
      setSelectingAll(false);
    }
  };

  const order = (values: { purpose: string; usage: string; delivery?: string }) =>
    submit.mutate(
      {
        ids: selected,
        purpose: values.purpose,
        usage: values.usage,
        delivery: values.delivery ?? '',
      },
      {
        onSuccess: (record) => {
          setOrdering(false);
          setSelected([]);
          setOrdered(record);
          void message.success(`订单 ${record.code} 已提交，等待审核`);
        },
      },
    );

  if (lines.isError && !page)
    return (
      <LoadFailed title="购物车加载失败" onRetry={() => void lines.refetch()} testId="cart-error" />
    );

  return (
    <div className="cart-page" data-testid="cart-page">
      {ordered && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setOrdered(null) }}
          style={{ marginBottom: 12 }}
          data-testid="order-submitted"
          title={
            <span>
              订单 <b data-testid="order-code">{ordered.code}</b> 已提交（{ordered.items}{' '}
              景），等待审核。
              <Link to={MY_ORDERS_PATH} data-testid="my-orders-link">
                查看我的订单
              </Link>
            </span>
          }
        />
      )}
      {unavailable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="cart-unavailable"
          title="部分影像暂不能订购"
          description="离线影像需先通过影像查询提交数据申请，恢复在线后方可订购；已下架的影像已不在目录中，无法订购，请移除。"
        />
      )}
      {page && page.total === 0 ? (
        <Empty
          data-testid="cart-empty"
          description={
            <span>
              购物车是空的，去<Link to="/normal">影像查询</Link>挑选影像
            </span>
          }
        />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button
              onClick={() => void selectAll()}
              loading={selectingAll}
              disabled={!page}
              data-testid="cart-select-all"
            >
              全选
            </Button>
            <Button disabled={!selected.length} onClick={() => setSelected([])}>
              取消选择
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              loading={remove.isPending}
              onClick={confirmRemoveSelected}
              data-testid="cart-remove-selected"
            >
              移除所选
            </Button>
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              disabled={!selected.length}
              onClick={() => setOrdering(true)}
              data-testid="cart-submit-order"
            >
              提交订单
            </Button>
            <Typography.Text data-testid="cart-summary">
              共 {page?.total ?? 0} 景，已选 <b data-testid="cart-selected">{selected.length}</b> 景
            </Typography.Text>
          </Space>
          <Table<CartLine>
            rowKey="sceneId"
            loading={lines.isFetching}
            dataSource={page?.list ?? []}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (line) => ({
                disabled: availabilityOf(line) !== 'online',
                'aria-label': `选择 ${line.scene?.fileName ?? line.sceneId}`,
              }),
            }}
            pagination={tablePagination(paging, page?.total ?? 0, setPaging, '景')}
            columns={[
              {
                title: '快视图',
                key: 'quicklook',
                width: 84,
                render: (_, line) => <Quicklook line={line} />,
              },
              {
                title: '影像',
                key: 'name',
                ellipsis: true,
                render: (_, line) => (
                  <span
                    data-testid="cart-line"
                    data-id={line.sceneId}
                    title={line.scene?.fileName ?? line.sceneId}
                  >
                    {line.scene?.fileName ?? line.sceneId}
                  </span>
                ),
              },
              {
                title: '卫星/传感器',
                key: 'payload',
                width: 110,
                render: (_, line) =>
                  line.scene ? `${line.scene.satellite} / ${line.scene.sensor}` : '—',
              },
              {
                title: '成像时间',
                key: 'acquired',
                width: 140,
                render: (_, line) => formatTime(line.scene?.acquiredAt),
              },
              {
                title: '云量',
                key: 'cloud',
                width: 70,
                render: (_, line) => (line.scene ? formatCloud(line.scene.cloud) : '—'),
              },
              {
                title: '大小',
                key: 'size',
                width: 90,
                render: (_, line) => formatSize(line.scene?.sizeMb),
              },
              {
                title: '状态',
                key: 'availability',
                width: 76,
                render: (_, line) => {
                  const { label, colour } = AVAILABILITY[availabilityOf(line)];
                  return (
                    <Tag color={colour} data-testid="cart-availability">
                      {label}
                    </Tag>
                  );
                },
              },
              {
                title: '操作',
                key: 'remove',
                width: 70,
                render: (_, line) => (
                  <Popconfirm
                    title="确定从购物车移除该影像？"
                    okText="移除"
                    cancelText="取消"
                    onConfirm={() => removeLines([line.sceneId])}
                  >
                    <Button type="link" size="small" danger data-testid="cart-remove-line">
                      移除
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </>
      )}
      <PurposeDialog
        open={ordering}
        title="提交订单"
        okText="提交订单"
        delivery
        testId="order-dialog"
        submitting={submit.isPending}
        onCancel={() => setOrdering(false)}
        onSubmit={order}
        intro={<span data-testid="order-count">订购所选 {selected.length} 景在线影像。</span>}
      />
    </div>
  );
}
