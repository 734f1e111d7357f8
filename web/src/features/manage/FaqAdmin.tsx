// 常见问题 in the console: the FAQ's entries in the order /about/FAQ shows them; add, edit
// (question and a rich-text answer), delete after a confirmation, and move an entry up or
// down (the entries whose position changes are written with their new `sort`).
import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { editorUpload } from './api/files';
import { editorClean, faqQueryOptions, useFaqChanges, type FaqEntry } from './api/pages';
import { MAX_TITLE, answerProblem, questionProblem, ruleOf } from './contentRules';
import { SORT_STEP, reorder } from './faqOrder';
import { RichTextEditor } from './RichTextEditor';
import { LoadFailed } from '../../components/LoadFailed';

interface FaqValues {
  question: string;
  answer: string;
}

/** The dialog of a new entry (`entry` null) or of an entry to change. */
function FaqDialog({
  entry,
  nextSort,
  onClose,
}: {
  entry: FaqEntry | null;
  nextSort: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FaqValues>();
  const changes = useFaqChanges();
  const submit = async (values: FaqValues) => {
    const input = {
      question: values.question.trim(),
      answer: values.answer,
      sort: entry?.sort ?? nextSort,
    };
    await changes.mutateAsync([{ kind: 'save', ...(entry && { id: entry.id }), input }]);
    onClose();
  };
  return (
    <Modal
      open
      title={entry ? '编辑问题' : '新增问题'}
      width={860}
      okText="保存"
      cancelText="取消"
      confirmLoading={changes.isPending}
      okButtonProps={{ 'data-testid': 'faq-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FaqValues>
        form={form}
        layout="vertical"
        initialValues={{ question: entry?.question ?? '', answer: entry?.answer ?? '' }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item label="问题" name="question" required rules={[ruleOf(questionProblem)]}>
          <Input showCount maxLength={MAX_TITLE} data-testid="faq-question" />
        </Form.Item>
        <Form.Item label="回答" name="answer" required rules={[ruleOf(answerProblem)]}>
          <RichTextEditor upload={editorUpload} clean={editorClean} testId="faq-answer" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function FaqAdmin() {
  const faq = useQuery(faqQueryOptions());
  const changes = useFaqChanges();
  // undefined: no dialog; null: a new entry.
  const [editing, setEditing] = useState<FaqEntry | null | undefined>();
  const entries = faq.data ?? [];
  const nextSort = (entries.at(-1)?.sort ?? 0) + SORT_STEP;

  const move = (from: number, to: number) => changes.mutate(reorder(entries, from, to));

  const columns: TableProps<FaqEntry>['columns'] = [
    { title: '序号', key: 'index', width: 70, render: (_, __, index) => index + 1 },
    {
      title: '问题',
      dataIndex: 'question',
      render: (question: string, entry) => (
        <Space size={4}>
          {entry.demo && <Tag>演示</Tag>}
          <span data-testid="faq-row-question">{question}</span>
        </Space>
      ),
    },
    { title: '最后修改', dataIndex: 'updatedAt', width: 150 },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, entry, index) => (
        <Space size={0}>
          <Button
            type="link"
            aria-label="上移"
            icon={<ArrowUpOutlined />}
            disabled={index === 0 || changes.isPending}
            onClick={() => move(index, index - 1)}
            data-testid="faq-up"
          />
          <Button
            type="link"
            aria-label="下移"
            icon={<ArrowDownOutlined />}
            disabled={index === entries.length - 1 || changes.isPending}
            onClick={() => move(index, index + 1)}
            data-testid="faq-down"
          />
          <Button type="link" onClick={() => setEditing(entry)} data-testid="faq-edit">
            编辑
          </Button>
          <Popconfirm
            title="删除这个问题？"
            description="删除后不能恢复。"
            okText="删除"
            okButtonProps={{ danger: true, 'data-testid': 'faq-delete-confirm' }}
            cancelText="取消"
            onConfirm={() => changes.mutate([{ kind: 'delete', id: entry.id }])}
          >
            <Button type="link" danger disabled={changes.isPending} data-testid="faq-delete">
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="faq-admin">
      <Space className="manage-toolbar">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          data-testid="faq-new"
        >
          新增问题
        </Button>
      </Space>
      {faq.isError && (
        <LoadFailed
          className="manage-notice"
          title="常见问题加载失败"
          onRetry={() => void faq.refetch()}
          testId="faq-admin-failed"
        />
      )}
      <Table<FaqEntry>
        rowKey="id"
        columns={columns}
        dataSource={entries}
        loading={faq.isFetching}
        locale={{ emptyText: '还没有常见问题，点“新增问题”添加' }}
        pagination={false}
        data-testid="faq-table"
      />
      {editing !== undefined && (
        <FaqDialog entry={editing} nextSort={nextSort} onClose={() => setEditing(undefined)} />
      )}
    </div>
  );
}
