// 意见反馈管理 (editors and administrators): everyone's feedback, newest first, unanswered
// ones by default, and a dialog to answer one (or change the answer); the sender reads it on
// the feedback page and in their personal centre.
import { useState } from 'react';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  type TableProps,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  manageFeedbackQueryOptions,
  useAnswerFeedback,
  type ManagedFeedback,
} from './api/feedback';

const PAGE_SIZE = 20;
const MAX_ANSWER = 2000;

type Filter = 'open' | 'answered' | 'all';

const filterOptions: { value: Filter; label: string }[] = [
  { value: 'open', label: '待回复' },
  { value: 'answered', label: '已回复' },
  { value: 'all', label: '全部' },
];

const answeredOf: Record<Filter, boolean | undefined> = {
  open: false,
  answered: true,
  all: undefined,
};

function AnswerDialog({ item, onClose }: { item: ManagedFeedback; onClose: () => void }) {
  const [form] = Form.useForm<{ answer: string }>();
  const answer = useAnswerFeedback();
  return (
    <Modal
      open
      title="回复反馈"
      okText="提交回复"
      onCancel={onClose}
      confirmLoading={answer.isPending}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'feedback-answer-submit' }}
      destroyOnHidden
    >
      <p className="feedback-admin__quote" data-testid="feedback-answer-quote">
        <Tag>{item.category}</Tag>
        {item.username}：{item.content}
      </p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ answer: item.answer ?? '' }}
        onFinish={({ answer: text }) =>
          answer.mutate({ id: item.id, answer: text.trim() }, { onSuccess: onClose })
        }
      >
        <Form.Item
          name="answer"
          label="回复内容"
          rules={[
            { required: true, whitespace: true, message: '请填写回复内容' },
            { max: MAX_ANSWER, message: `回复内容不能超过${MAX_ANSWER}个字` },
          ]}
        >
          <Input.TextArea
            rows={5}
            showCount
            maxLength={MAX_ANSWER}
            data-testid="feedback-answer-text"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function FeedbackAdmin() {
  const [filter, setFilter] = useState<Filter>('open');
  const [pageNum, setPageNum] = useState(1);
  const [answering, setAnswering] = useState<ManagedFeedback | null>(null);
  const list = useQuery({
    ...manageFeedbackQueryOptions({ answered: answeredOf[filter], pageNum, pageSize: PAGE_SIZE }),
  });
  const columns: TableProps<ManagedFeedback>['columns'] = [
    { title: '提交时间', dataIndex: 'createdAt', width: 150 },
    { title: '用户', dataIndex: 'username', width: 110 },
    { title: '类型', dataIndex: 'category', width: 100 },
    {
      title: '内容',
      dataIndex: 'content',
      render: (text: string, row) => (
        <div className="feedback-admin__content">
          <p>{text}</p>
          {row.contact && <p className="feedback-admin__contact">联系方式：{row.contact}</p>}
          {row.answer && (
            <p className="feedback-admin__answer">
              回复（{row.answeredBy}，{row.answeredAt}）：{row.answer}
            </p>
          )}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_: unknown, row) => (
        <Button size="small" onClick={() => setAnswering(row)} data-testid="feedback-answer">
          {row.answer ? '修改回复' : '回复'}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="feedback-admin">
      <Space className="manage-toolbar">
        <Select<Filter>
          options={filterOptions}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPageNum(1);
          }}
          style={{ width: 120 }}
          aria-label="回复状态"
          data-testid="feedback-filter"
        />
      </Space>
      {list.isError && <Alert type="error" showIcon message="反馈加载失败" />}
      <Table<ManagedFeedback>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        locale={{ emptyText: filter === 'open' ? '暂无待回复的反馈' : '暂无反馈' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPageNum,
        }}
        data-testid="feedback-admin-table"
      />
      {answering && <AnswerDialog item={answering} onClose={() => setAnswering(null)} />}
    </div>
  );
}
