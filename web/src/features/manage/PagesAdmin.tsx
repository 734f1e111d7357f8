// 页面管理: the editable pages of the site (written or not yet) by part of the site, each
// opened into a form of title and body (?slug=<slug> in the address); and the FAQ's entries
// (常见问题) on a tab of their own.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Table, Tabs, Tag, type TableProps } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { editorUpload } from './api/files';
import {
  editorClean,
  pageQueryOptions,
  satelliteGroupsQueryOptions,
  useSavePage,
  writtenPagesQueryOptions,
  type PageSummary,
} from './api/pages';
import { MAX_TITLE, bodyProblem, ruleOf, titleProblem } from './contentRules';
import FaqAdmin from './FaqAdmin';
import { knownPages, type KnownPage } from './knownPages';
import { RichTextEditor } from './RichTextEditor';

/** A row of the list: a known page and what has been written of it. */
interface PageRow {
  slug: string;
  title: string;
  section: string;
  path?: string;
  written?: PageSummary;
}

const PAGE_SIZE = 20;

function rowsOf(known: readonly KnownPage[], written: readonly PageSummary[]): PageRow[] {
  const bySlug = new Map(written.map((page) => [page.slug, page]));
  const rows: PageRow[] = known.map((page) => {
    const stored = bySlug.get(page.slug);
    return stored ? { ...page, title: stored.title, written: stored } : page;
  });
  const knownSlugs = new Set(known.map((page) => page.slug));
  // Pages written under slugs the console does not know of still show, to be edited.
  for (const page of written) {
    if (!knownSlugs.has(page.slug)) {
      rows.push({ slug: page.slug, title: page.title, section: '其他', written: page });
    }
  }
  return rows;
}

function stateOf(row: PageRow) {
  if (!row.written) return <Tag data-testid="page-row-state">未编写</Tag>;
  if (row.written.demo)
    return (
      <Tag color="gold" data-testid="page-row-state">
        演示内容
      </Tag>
    );
  return (
    <Tag color="green" data-testid="page-row-state">
      已编写
    </Tag>
  );
}

function PageList() {
  const [, setParams] = useSearchParams();
  const written = useQuery(writtenPagesQueryOptions());
  const groups = useQuery(satelliteGroupsQueryOptions());
  const [section, setSection] = useState<string | undefined>();
  const [text, setText] = useState('');
  const rows = useMemo(
    () => rowsOf(knownPages(groups.data ?? []), written.data ?? []),
    [groups.data, written.data],
  );
  const sections = [...new Set(rows.map((row) => row.section))].map((name) => ({
    value: name,
    label: name,
  }));
  const shown = rows.filter(
    (row) =>
      (!section || row.section === section) &&
      (!text || row.title.includes(text) || row.slug.includes(text.toLowerCase())),
  );

  const columns: TableProps<PageRow>['columns'] = [
    { title: '栏目', dataIndex: 'section', width: 110 },
    {
      title: '页面',
      dataIndex: 'title',
      render: (title: string, row) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="page-row-title">{title}</span>
          <span className="manage-muted">{row.slug}</span>
        </Space>
      ),
    },
    { title: '状态', key: 'state', width: 100, render: (_, row) => stateOf(row) },
    {
      title: '最后修改',
      key: 'updated',
      width: 200,
      render: (_, row) =>
        row.written
          ? `${row.written.updatedAt}${row.written.updatedBy ? ` ${row.written.updatedBy}` : ''}`
          : '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            onClick={() => setParams({ slug: row.slug })}
            data-testid={`page-edit-${row.slug}`}
          >
            {row.written ? '编辑' : '创建'}
          </Button>
          {row.path && (
            <Link to={row.path} target="_blank">
              查看
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="pages-admin">
      <Space className="manage-toolbar" wrap>
        <Select
          placeholder="全部栏目"
          allowClear
          options={sections}
          value={section}
          onChange={(value?: string) => setSection(value)}
          style={{ width: 160 }}
          aria-label="栏目"
          data-testid="pages-section-filter"
        />
        <Input.Search
          placeholder="按页面名称或标识查找"
          allowClear
          maxLength={64}
          aria-label="按页面名称或标识查找"
          onSearch={(value) => setText(value.trim())}
          style={{ width: 260 }}
        />
      </Space>
      {written.isError && (
        <LoadFailed
          title="已编写的页面加载失败"
          onRetry={() => void written.refetch()}
          testId="pages-failed"
        />
      )}
      {groups.isError && (
        <LoadFailed
          title="卫星目录加载失败，卫星介绍页暂未列出"
          onRetry={() => void groups.refetch()}
          testId="pages-groups-failed"
        />
      )}
      <Table<PageRow>
        rowKey="slug"
        columns={columns}
        // Until the written pages are known, a row could not say whether it is written.
        dataSource={written.data ? shown : undefined}
        loading={written.isFetching || groups.isFetching}
        locale={{ emptyText: '没有符合条件的页面' }}
        pagination={{
          pageSize: PAGE_SIZE,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个页面`,
        }}
        data-testid="pages-table"
      />
    </div>
  );
}

interface PageValues {
  title: string;
  body: string;
}

/** The form of the page `slug`: loaded when written, else empty under the known title. */
function PageForm({ slug, onBack }: { slug: string; onBack: () => void }) {
  const [form] = Form.useForm<PageValues>();
  const page = useQuery(pageQueryOptions(slug));
  const groups = useQuery(satelliteGroupsQueryOptions());
  const save = useSavePage(slug);
  const [saved, setSaved] = useState(false);
  const missing = page.error instanceof ApiError && page.error.status === 404;
  const known = knownPages(groups.data ?? []).find((candidate) => candidate.slug === slug);

  useEffect(() => {
    if (page.data) form.setFieldsValue({ title: page.data.title, body: page.data.body });
  }, [page.data, form]);
  useEffect(() => {
    // A page not written yet starts with the title the site's menu gives it.
    if (missing && known && !form.isFieldTouched('title')) form.setFieldValue('title', known.title);
  }, [missing, known, form]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="page-form-back">
      返回页面列表
    </Button>
  );
  if (page.isError && !missing) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {back}
        <LoadFailed title="页面加载失败" onRetry={() => void page.refetch()} testId="page-failed" />
      </Space>
    );
  }

  const submit = async (values: PageValues) => {
    setSaved(false);
    const stored = await save.mutateAsync({ title: values.title.trim(), body: values.body });
    form.setFieldsValue({ title: stored.title, body: stored.body });
    setSaved(true);
  };

  return (
    <div data-testid="page-form">
      <Space className="manage-toolbar" wrap>
        {back}
        <span className="manage-muted">页面标识：{slug}</span>
        {page.data && (
          <span className="manage-muted">
            最后修改：{page.data.updatedAt} {page.data.updatedBy}
          </span>
        )}
        {known && (
          <Link to={known.path} target="_blank">
            在网站上查看
          </Link>
        )}
      </Space>
      {missing && !saved && (
        <Alert
          className="manage-notice"
          type="info"
          showIcon
          title="这个页面还没有编写，保存后网站上才会显示"
          data-testid="page-form-new"
        />
      )}
      {page.data?.demo && (
        <Alert
          className="manage-notice"
          type="warning"
          showIcon
          title="当前为演示内容，请改写为正式内容后保存"
        />
      )}
      {saved && (
        <Alert
          className="manage-notice"
          type="success"
          showIcon
          title="已保存，网站上已显示新内容"
          description="正文已换成服务器存下的内容（服务器会去掉脚本、事件属性和不允许的地址），可在“预览”中查看。"
          data-testid="page-form-saved"
        />
      )}
      <Form<PageValues>
        form={form}
        layout="vertical"
        initialValues={{ title: '', body: '' }}
        disabled={page.isPending}
        onFinish={(values) => void submit(values).catch(() => undefined)}
        onValuesChange={() => setSaved(false)}
      >
        <Form.Item label="标题" name="title" required rules={[ruleOf(titleProblem)]}>
          <Input showCount maxLength={MAX_TITLE} data-testid="page-form-title" />
        </Form.Item>
        <Form.Item label="正文" name="body" rules={[ruleOf(bodyProblem)]}>
          <RichTextEditor upload={editorUpload} clean={editorClean} testId="page-body" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="page-form-save"
        >
          保存
        </Button>
      </Form>
    </div>
  );
}

export default function PagesAdmin() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('slug');
  const tab = params.get('tab') === 'faq' ? 'faq' : 'pages';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'faq' ? { tab: 'faq' } : {})}
      items={[
        {
          key: 'pages',
          label: '页面',
          children: slug ? (
            <PageForm key={slug} slug={slug} onBack={() => setParams({})} />
          ) : (
            <PageList />
          ),
        },
        { key: 'faq', label: '常见问题', children: <FaqAdmin /> },
      ]}
    />
  );
}
