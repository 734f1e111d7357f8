// 采购计划 (/plan/purchase, issue 19, managers): what must still be bought for a year's
// published plan — per resolution class and months, the plan's ground, what the catalogue
// already covers, the rest to buy and its estimated cost — with the sums, the version it is
// made from, and the workbook (导出Excel).
import { useState } from 'react';
import { Alert, Button, Descriptions, Select, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../components/FormFailure';
import { LoadFailed } from '../../components/LoadFailed';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { formatCount, formatKm2, formatYuan } from '../../lib/figures';
import { saveFile } from '../../lib/saveFile';
import { exportPurchase, purchaseQueryOptions, type PurchaseQuery } from './api/purchase';
import { DEFAULT_PURCHASE_YEAR, PLAN_YEARS, type PurchaseRow } from './api/types';
import { NoPublishedPlan, UnitsFilter } from './UnitsFilter';
import './PlanPages.css';

/** The spec's defaults: 2024, provinces, the whole country. */
const INITIAL: PurchaseQuery = {
  purchaseYear: DEFAULT_PURCHASE_YEAR,
  unitType: '省级',
  regionId: '100000',
};

export function PurchasePlan({ title, trail }: Pick<PageProps, 'title' | 'trail'>) {
  const [query, setQuery] = useState(INITIAL);
  const set = (patch: Partial<PurchaseQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const plan = useQuery(purchaseQueryOptions(query));
  const exporting = useMutation({
    mutationFn: () => exportPurchase(query),
    onSuccess: ({ blob, name }) => saveFile(blob, name),
  });

  let body;
  if (plan.isError) {
    body = (
      <LoadFailed
        title="采购计划加载失败"
        description={failureMessage(plan.error)}
        onRetry={() => void plan.refetch()}
        testId="purchase-failed"
      />
    );
  } else if (plan.data && (plan.data.version ?? null) === null) {
    body = (
      <NoPublishedPlan
        year={query.purchaseYear}
        then="发布后即可生成采购计划。"
        testId="purchase-empty"
      />
    );
  } else {
    const sums = plan.data;
    body = (
      <>
        {sums && (
          <Descriptions
            size="small"
            bordered
            column={3}
            data-testid="purchase-sums"
            items={[
              { key: 'version', label: '计划版本', children: `第 ${sums.version} 版` },
              { key: 'plan', label: '计划面积', children: formatKm2(sums.planKm2) },
              { key: 'covered', label: '已覆盖', children: formatKm2(sums.coveredKm2) },
              { key: 'purchase', label: '需采购', children: formatKm2(sums.purchaseKm2) },
              { key: 'cost', label: '估算费用', children: formatYuan(sums.cost), span: 2 },
            ]}
          />
        )}
        <Table<PurchaseRow>
          size="small"
          rowKey={(row) => `${row.resolution}-${row.monthCode}`}
          loading={plan.isFetching}
          dataSource={plan.data?.rows}
          pagination={false}
          data-testid="purchase-lines"
          locale={{ emptyText: '所选单位没有已发布的需求范围' }}
          columns={[
            { title: '分辨率', dataIndex: 'resolutionLabel' },
            { title: '月份', dataIndex: 'monthsLabel' },
            { title: '范围数', dataIndex: 'areas' },
            { title: '计划面积', dataIndex: 'planKm2', render: formatKm2 },
            { title: '已覆盖', dataIndex: 'coveredKm2', render: formatKm2 },
            { title: '需采购', dataIndex: 'purchaseKm2', render: formatKm2 },
            { title: '单价（每km²）', dataIndex: 'pricePerKm2', render: formatYuan },
            { title: '估算费用', dataIndex: 'cost', render: formatYuan },
            { title: '影像景数', dataIndex: 'scenes', render: formatCount },
          ]}
        />
      </>
    );
  }

  return (
    <PageFrame title={title} trail={trail}>
      <div className="plan-purchase" data-testid="plan-purchase">
        <Space wrap>
          <span>采购年度</span>
          <Select
            value={query.purchaseYear}
            onChange={(purchaseYear) => set({ purchaseYear })}
            options={PLAN_YEARS.map((value) => ({ value, label: `${value} 年` }))}
            style={{ width: 110 }}
            data-testid="purchase-year"
          />
          <UnitsFilter unitType={query.unitType} regionId={query.regionId} onChange={set} />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            disabled={!plan.data?.version}
            onClick={() => exporting.mutate()}
            data-testid="purchase-export"
          >
            导出Excel
          </Button>
        </Space>
        <Alert
          type="info"
          showIcon
          title="采购年度即计划年度：按该年度最新发布版本的需求范围，扣除当年影像目录已覆盖部分，得出需采购的面积与估算费用。"
        />
        {body}
      </div>
    </PageFrame>
  );
}
