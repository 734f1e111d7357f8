// 省级反馈 (/plan/feedback, issue 19): per unit of a year's published plan, how much of the
// ground it asked for the optical images pushed to it covered (per need and in all), the
// images that count, and the unit's rating and comments. A unit sees and rates its own; a
// manager sees every unit with the summary across them.
import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Rate,
  Select,
  Space,
  Table,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormFailure, failureMessage } from '../../components/FormFailure';
import { LoadFailed } from '../../components/LoadFailed';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { tablePagination, type Paging } from '../../components/orders/paging';
import { canAdminister, viewerOf } from '../../lib/access';
import { beijingMinuteOf } from '../../lib/beijingTime';
import { formatCount, formatKm2, formatRatio } from '../../lib/figures';
import { useSession } from '../../lib/session';
import {
  FEEDBACK_KEY,
  feedbackQueryOptions,
  opticalScenesQueryOptions,
  rateFeedback,
  type FeedbackQuery,
} from './api/fulfil';
import {
  DEFAULT_PLAN_YEAR,
  PLAN_YEARS,
  type FeedbackLine,
  type OpticalScene,
  type UnitFeedback,
} from './api/types';
import { NoPublishedPlan, UnitsFilter } from './UnitsFilter';
import './PlanPages.css';

/** The spec's defaults: 2025, provincial units, the whole country. */
const INITIAL: FeedbackQuery = {
  planYear: DEFAULT_PLAN_YEAR,
  unitType: '省级',
  regionId: '100000',
};

/** The server's bound on a comment. */
const COMMENT_MAX = 500;

/** The words of the five stars. */
const RATING_WORDS = ['很不满意', '不满意', '一般', '满意', '很满意'];

/** A unit's needs: resolution class and months, each with what was delivered. */
function Lines({ lines }: { lines: FeedbackLine[] }) {
  return (
    <Table<FeedbackLine>
      size="small"
      rowKey={(line) => `${line.resolution}-${line.monthCode}`}
      dataSource={lines}
      pagination={false}
      columns={[
        { title: '分辨率', dataIndex: 'resolutionLabel' },
        { title: '月份', dataIndex: 'monthsLabel' },
        { title: '范围数', dataIndex: 'areas' },
        { title: '需求面积', dataIndex: 'planKm2', render: formatKm2 },
        { title: '已推送覆盖', dataIndex: 'deliveredKm2', render: formatKm2 },
        { title: '满足率', dataIndex: 'share', render: formatRatio },
        { title: '影像景数', dataIndex: 'scenes', render: formatCount },
      ]}
    />
  );
}

/** The pushed optical images that count for a unit's needs, a page at a time. */
function OpticalScenes({
  planYear,
  unit,
  onClose,
}: {
  planYear: number;
  unit: UnitFeedback;
  onClose: () => void;
}) {
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  const scenes = useQuery(
    opticalScenesQueryOptions(planYear, unit.unitCode, paging.pageNum, paging.pageSize),
  );
  return (
    <Drawer
      open
      width={720}
      title={`${unit.unitName} ${planYear} 年计入的光学影像`}
      onClose={onClose}
    >
      {scenes.isError ? (
        <LoadFailed
          title="影像加载失败"
          description={failureMessage(scenes.error)}
          onRetry={() => void scenes.refetch()}
          testId="feedback-scenes-failed"
        />
      ) : (
        <Table<OpticalScene>
          size="small"
          rowKey="sceneId"
          loading={scenes.isFetching}
          dataSource={scenes.data?.list}
          data-testid="feedback-scenes"
          locale={{ emptyText: '没有推送到本单位且满足需求的光学影像' }}
          pagination={tablePagination(paging, scenes.data?.total ?? 0, setPaging, '景')}
          columns={[
            { title: '文件名', dataIndex: 'fileName', ellipsis: true },
            {
              title: '卫星/传感器',
              key: 'sensor',
              render: (_, scene) => `${scene.satellite}/${scene.sensor}`,
            },
            { title: '成像时间', dataIndex: 'acquiredAt', render: beijingMinuteOf },
            { title: '分辨率', dataIndex: 'resolutionLabel' },
            { title: '推送批次', dataIndex: 'batchName' },
          ]}
        />
      )}
    </Drawer>
  );
}

/** A unit rates the year (1–5 stars) and comments; the server's refusal shows in the dialog. */
function RateDialog({
  planYear,
  unit,
  onClose,
}: {
  planYear: number;
  unit: UnitFeedback;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ rating: number; comment?: string }>();
  const rate = useMutation({
    mutationFn: (values: { rating: number; comment?: string }) =>
      rateFeedback({
        planYear,
        unitCode: unit.unitCode,
        rating: values.rating,
        comment: values.comment?.trim() ?? '',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`评价 ${unit.unitName} ${planYear} 年计划的影像保障`}
      okText="提交评价"
      cancelText="取消"
      confirmLoading={rate.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="feedback-rate-dialog"
    >
      <FormFailure error={rate.error} testId="feedback-rate-failure" />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ rating: unit.rating ?? undefined, comment: unit.comment ?? '' }}
        onFinish={(values) => rate.mutate(values)}
      >
        <Form.Item
          name="rating"
          label="满意度"
          rules={[{ required: true, message: '请选择满意度' }]}
        >
          <Rate tooltips={RATING_WORDS} data-testid="feedback-rating" />
        </Form.Item>
        <Form.Item
          name="comment"
          label="意见"
          rules={[{ max: COMMENT_MAX, message: `意见不能超过 ${COMMENT_MAX} 个字符` }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={COMMENT_MAX}
            showCount
            data-testid="feedback-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ProvincialFeedback({ title, trail }: Pick<PageProps, 'title' | 'trail'>) {
  const manager = useSession((session) => canAdminister(viewerOf(session)));
  const [query, setQuery] = useState(INITIAL);
  const set = (patch: Partial<FeedbackQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const feedback = useQuery(feedbackQueryOptions(query));
  const [showing, setShowing] = useState<UnitFeedback | null>(null);
  const [rating, setRating] = useState<UnitFeedback | null>(null);

  let body;
  if (feedback.isError) {
    body = (
      <LoadFailed
        title="省级反馈加载失败"
        description={failureMessage(feedback.error)}
        onRetry={() => void feedback.refetch()}
        testId="feedback-failed"
      />
    );
  } else if (feedback.data && (feedback.data.version ?? null) === null) {
    body = (
      <NoPublishedPlan
        year={query.planYear}
        then="发布后各单位即可反馈。"
        testId="feedback-empty"
      />
    );
  } else {
    const sums = feedback.data;
    body = (
      <>
        {sums && (
          <Descriptions
            size="small"
            bordered
            column={3}
            data-testid="feedback-sums"
            items={[
              { key: 'version', label: '计划版本', children: `第 ${sums.version} 版` },
              { key: 'units', label: '单位数', children: formatCount(sums.units.length) },
              {
                key: 'rated',
                label: '已评价',
                children: sums.meanRating
                  ? `${sums.rated} 个，平均 ${sums.meanRating.toFixed(1)} 星`
                  : `${sums.rated} 个`,
              },
              { key: 'plan', label: '需求面积', children: formatKm2(sums.planKm2) },
              { key: 'delivered', label: '已推送覆盖', children: formatKm2(sums.deliveredKm2) },
              { key: 'share', label: '满足率', children: formatRatio(sums.share) },
            ]}
          />
        )}
        <Table<UnitFeedback>
          size="small"
          rowKey="unitCode"
          loading={feedback.isFetching}
          dataSource={sums?.units}
          pagination={false}
          data-testid="feedback-units"
          locale={{ emptyText: '所选单位没有已发布的需求范围' }}
          expandable={{ expandedRowRender: (unit) => <Lines lines={unit.lines} /> }}
          columns={[
            { title: '单位', dataIndex: 'unitName' },
            { title: '范围数', dataIndex: 'areas' },
            { title: '需求面积', dataIndex: 'planKm2', render: formatKm2 },
            { title: '已推送覆盖', dataIndex: 'deliveredKm2', render: formatKm2 },
            { title: '满足率', dataIndex: 'share', render: formatRatio },
            { title: '影像景数', dataIndex: 'scenes', render: formatCount },
            {
              title: '评价',
              key: 'rating',
              render: (_, unit) =>
                unit.rating ? (
                  <span data-testid="feedback-unit-rating">
                    <Rate disabled value={unit.rating} style={{ fontSize: 12 }} />
                    {unit.comment && <span className="plan-reason">{unit.comment}</span>}
                    <span className="plan-note">
                      {unit.author} {unit.ratedAt}
                    </span>
                  </span>
                ) : (
                  <span className="plan-note">未评价</span>
                ),
            },
            {
              title: '操作',
              key: 'actions',
              render: (_, unit) => (
                <Space size={4}>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setShowing(unit)}
                    data-testid="feedback-show-scenes"
                  >
                    影像
                  </Button>
                  {!manager && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setRating(unit)}
                      data-testid="feedback-rate"
                    >
                      {unit.rating ? '修改评价' : '评价'}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </>
    );
  }

  return (
    <PageFrame title={title} trail={trail}>
      <div className="plan-purchase" data-testid="plan-feedback">
        <Space wrap>
          <span>计划年度</span>
          <Select
            value={query.planYear}
            onChange={(planYear) => set({ planYear })}
            options={PLAN_YEARS.map((value) => ({ value, label: `${value} 年` }))}
            style={{ width: 110 }}
            aria-label="计划年度"
            data-testid="feedback-year"
          />
          {manager && (
            <UnitsFilter unitType={query.unitType} regionId={query.regionId} onChange={set} />
          )}
        </Space>
        <Alert
          type="info"
          showIcon
          title="满足率为推送到本单位节点的光学影像（与需求同分辨率等级、在需求月份内成像）覆盖的需求面积占比，按该年度最新发布版本的需求范围计算。"
        />
        {body}
      </div>
      {showing && (
        <OpticalScenes planYear={query.planYear} unit={showing} onClose={() => setShowing(null)} />
      )}
      {rating && (
        <RateDialog planYear={query.planYear} unit={rating} onClose={() => setRating(null)} />
      )}
    </PageFrame>
  );
}
