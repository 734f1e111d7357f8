// 新闻管理: every news item in any state, by type, state and title, paged; new, edit, delete
// (after a confirmation), publish or withdraw, pin or unpin. The item being edited is in the
// address (?edit=<id> or ?edit=new), so the browser's back returns to the list.
import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { manageNewsQueryOptions, useNewsChange, type NewsSummary } from './api/news';
import { editorUpload } from './api/files';
import { NewsForm } from './NewsForm';
import { newsTypeOf, newsTypes } from './newsTypes';
import { LoadFailed } from '../../components/LoadFailed';

const PAGE_SIZE = 20;

const stateOptions = [
  { value: 'published', label: '已发布' },
  { value: 'draft', label: '草稿' },
];

/** The item the address opens: an id, 'new', or null for the list. */
function editedOf(param: string | null): number | 'new' | null {
  if (param === 'new') return 'new';
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}

function NewsActions({ item }: { item: NewsSummary }) {
  const change = useNewsChange();
  const [, setParams] = useSearchParams();
  const busy = change.isPending;
  const listPath = newsTypeOf(item.type)?.listPath;
  return (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        onClick={() => setParams({ edit: String(item.id) })}
        data-testid="news-edit"
      >
        编辑
      </Button>
      <Button
        type="link"
        size="small"
        disabled={busy}
        onClick={() => change.mutate({ kind: 'published', id: item.id, value: !item.published })}
        data-testid="news-publish"
      >
        {item.published ? '撤回' : '发布'}
      </Button>
      <Button
        type="link"
        size="small"
        disabled={busy}
        onClick={() => change.mutate({ kind: 'pinned', id: item.id, value: !item.pinned })}
        data-testid="news-pin"
      >
        {item.pinned ? '取消置顶' : '置顶'}
      </Button>
      {item.published && listPath && (
        <Link
          className="manage-link"
          to={`${listPath}/detail/${item.id}`}
          target="_blank"
          data-testid="news-view"
        >
          查看
        </Link>
      )}
      <Popconfirm
        title="删除这条新闻？"
        description="删除后不能恢复。"
        okText="删除"
        okButtonProps={{ danger: true, 'data-testid': 'news-delete-confirm' }}
        cancelText="取消"
        onConfirm={() => change.mutate({ kind: 'delete', id: item.id })}
      >
        <Button type="link" size="small" danger disabled={busy} data-testid="news-delete">
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

const columns: TableProps<NewsSummary>['columns'] = [
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string, item) => (
      <Space size={4} wrap>
        {item.pinned && <Tag color="red">置顶</Tag>}
        {item.demo && <Tag>演示</Tag>}
        <span data-testid="news-row-title">{title}</span>
      </Space>
    ),
  },
  {
    title: '类型',
    dataIndex: 'type',
    width: 96,
    render: (type: number) => newsTypeOf(type)?.label ?? type,
  },
  {
    title: '状态',
    dataIndex: 'published',
    width: 84,
    render: (published: boolean) => (
      <Tag color={published ? 'green' : 'default'} data-testid="news-row-state">
        {published ? '已发布' : '草稿'}
      </Tag>
    ),
  },
  {
    title: '发布时间',
    dataIndex: 'publishedAt',
    width: 140,
    render: (at: string | null) => at ?? '—',
  },
  {
    title: '操作',
    key: 'actions',
    width: 250,
    render: (_, item) => <NewsActions item={item} />,
  },
];

function NewsTable() {
  const [, setParams] = useSearchParams();
  const [type, setType] = useState<number | undefined>();
  const [state, setState] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery(
    manageNewsQueryOptions({
      pageNum,
      pageSize: PAGE_SIZE,
      ...(type !== undefined && { type }),
      ...(state && { published: state === 'published' }),
      ...(title && { title }),
    }),
  );
  const filtered = type !== undefined || state !== undefined || title !== '';
  return (
    <div data-testid="news-admin">
      <Space className="manage-toolbar" wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setParams({ edit: 'new' })}
          data-testid="news-new"
        >
          新建
        </Button>
        <Select
          placeholder="全部类型"
          allowClear
          options={newsTypes}
          value={type}
          onChange={(value?: number) => {
            setType(value);
            setPageNum(1);
          }}
          style={{ width: 140 }}
          aria-label="类型"
          data-testid="news-type-filter"
        />
        <Select
          placeholder="全部状态"
          allowClear
          options={stateOptions}
          value={state}
          onChange={(value?: string) => {
            setState(value);
            setPageNum(1);
          }}
          style={{ width: 120 }}
          aria-label="状态"
          data-testid="news-state-filter"
        />
        <Input.Search
          placeholder="按标题搜索"
          allowClear
          maxLength={50}
          aria-label="按标题搜索"
          onSearch={(value) => {
            setTitle(value.trim());
            setPageNum(1);
          }}
          style={{ width: 240 }}
          data-testid="news-title-filter"
        />
      </Space>
      {list.isError && (
        <LoadFailed
          className="manage-notice"
          title="新闻列表加载失败"
          onRetry={() => void list.refetch()}
          testId="news-admin-failed"
        />
      )}
      <Table<NewsSummary>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        locale={{ emptyText: filtered ? '没有符合条件的新闻' : '还没有新闻，点“新建”写第一条' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPageNum,
        }}
        data-testid="news-table"
      />
    </div>
  );
}

export default function NewsAdmin() {
  const [params, setParams] = useSearchParams();
  const edited = editedOf(params.get('edit'));
  if (edited === null) return <NewsTable />;
  return (
    // Not keyed by the item: a new item's first save moves the address to its id, and the form
    // (with its "saved" notice) stays.
    <NewsForm
      id={edited === 'new' ? null : edited}
      upload={editorUpload}
      onSaved={(id) => setParams({ edit: String(id) }, { replace: true })}
      onBack={() => setParams({})}
    />
  );
}
