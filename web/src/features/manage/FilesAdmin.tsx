// 文件管理: upload a shared file (category; the software or typical-image page it belongs to;
// title; version for software), list the files of a category newest first, paged, and delete
// one after a confirmation. The server checks type (by content) and size and says in Chinese
// what it refused; the form shows that beside the upload.
import { useState } from 'react';
import {
  Alert,
  Button,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableProps,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { FileDropper } from '../../components/FileDropper';
import { formatBytes } from '../../lib/figures';
import { filesQueryOptions, useDeleteFile, useUploadFile, type FileInfo } from './api/files';
import {
  categoryLabel,
  fileCategories,
  ownerOptions,
  takesImagesOnly,
  type FileCategory,
} from './fileCategories';
import { LoadFailed } from '../../components/LoadFailed';

const PAGE_SIZE = 20;

interface UploadValues {
  category: FileCategory;
  owner?: string;
  title?: string;
  version?: string;
}

function UploadForm({ onUploaded }: { onUploaded: (category: FileCategory) => void }) {
  const [form] = Form.useForm<UploadValues>();
  const category = Form.useWatch('category', form) ?? 'application';
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadFile();
  const owners = ownerOptions(category);

  const send = async (values: UploadValues) => {
    if (!file) {
      setRefusal('请选择要上传的文件');
      return;
    }
    setRefusal(null);
    setDone(null);
    try {
      const stored = await upload.mutateAsync({ file, fields: values });
      setDone(`已上传：${stored.title}（${formatBytes(stored.size)}）`);
      setFile(null);
      form.resetFields(['title', 'version']);
      onUploaded(values.category);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : '上传失败');
    }
  };

  return (
    <Form<UploadValues>
      form={form}
      layout="vertical"
      className="files-upload"
      initialValues={{ category: 'application' }}
      onFinish={(values) => void send(values)}
      onValuesChange={(changed: Partial<UploadValues>) => {
        if (changed.category) form.setFieldValue('owner', undefined);
      }}
      data-testid="files-upload"
    >
      <Space wrap align="start">
        <Form.Item label="类别" name="category" required>
          <Select options={fileCategories} style={{ width: 200 }} data-testid="files-category" />
        </Form.Item>
        {owners.length > 0 && (
          <Form.Item
            label={category === 'software' ? '所属软件' : '所属典型影像'}
            name="owner"
            rules={[{ required: true, message: '请选择文件所属的页面' }]}
          >
            <Select options={owners} style={{ width: 220 }} data-testid="files-owner" />
          </Form.Item>
        )}
        <Form.Item label="标题" name="title" extra="留空时用文件名">
          <Input maxLength={200} style={{ width: 280 }} data-testid="files-title" />
        </Form.Item>
        {category === 'software' && (
          <Form.Item label="版本" name="version">
            <Input maxLength={50} style={{ width: 140 }} data-testid="files-version" />
          </Form.Item>
        )}
      </Space>
      <FileDropper
        accept={takesImagesOnly(category) ? ['.png', '.jpg', '.jpeg', '.webp', '.gif'] : []}
        hint={
          file
            ? `已选择：${file.name}（${formatBytes(file.size)}）`
            : takesImagesOnly(category)
              ? '图片：PNG、JPEG、WebP 或 GIF，不超过 10 MB'
              : '文档、压缩包或安装包，不超过 200 MB；类型按文件内容检查'
        }
        busy={upload.isPending}
        onFile={(picked) => {
          setFile(picked);
          setRefusal(null);
        }}
        testId="files-dropper"
      />
      {refusal && (
        <Alert
          className="manage-notice files-upload__message"
          type="error"
          showIcon
          title={refusal}
          data-testid="files-refusal"
        />
      )}
      {done && (
        <Alert
          className="manage-notice files-upload__message"
          type="success"
          showIcon
          title={done}
          data-testid="files-uploaded"
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        loading={upload.isPending}
        className="files-upload__submit"
        data-testid="files-submit"
      >
        上传
      </Button>
    </Form>
  );
}

function DeleteFile({ file }: { file: FileInfo }) {
  const remove = useDeleteFile();
  return (
    <Popconfirm
      title={`删除文件「${file.title}」？`}
      description="已插入新闻或页面的链接将失效，删除后不能恢复。"
      okText="删除"
      okButtonProps={{ danger: true, 'data-testid': 'files-delete-confirm' }}
      cancelText="取消"
      onConfirm={() => remove.mutate(file.id)}
    >
      <Button type="link" size="small" danger loading={remove.isPending} data-testid="files-delete">
        删除
      </Button>
    </Popconfirm>
  );
}

const columns: TableProps<FileInfo>['columns'] = [
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string, file) => (
      <Space orientation="vertical" size={0}>
        <a href={file.url} target="_blank" rel="noreferrer" data-testid="files-row-title">
          {title}
        </a>
        <span className="manage-muted">{file.name}</span>
      </Space>
    ),
  },
  { title: '类别', dataIndex: 'category', width: 96, render: categoryLabel },
  { title: '所属', dataIndex: 'owner', width: 120, render: (owner: string) => owner || '—' },
  { title: '版本', dataIndex: 'version', width: 72, render: (version: string) => version || '—' },
  { title: '大小', dataIndex: 'size', width: 84, render: formatBytes },
  { title: '上传时间', dataIndex: 'createdAt', width: 136 },
  { title: '操作', key: 'actions', width: 72, render: (_, file) => <DeleteFile file={file} /> },
];

export default function FilesAdmin() {
  const [category, setCategory] = useState<FileCategory | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery(
    filesQueryOptions({ pageNum, pageSize: PAGE_SIZE, ...(category && { category }) }),
  );
  return (
    <div data-testid="files-admin">
      <UploadForm
        onUploaded={(uploaded) => {
          setCategory(uploaded);
          setPageNum(1);
        }}
      />
      <Space className="manage-toolbar">
        <Select
          placeholder="全部类别"
          allowClear
          options={fileCategories}
          value={category}
          onChange={(value?: FileCategory) => {
            setCategory(value);
            setPageNum(1);
          }}
          style={{ width: 220 }}
          aria-label="按类别查看"
          data-testid="files-filter"
        />
      </Space>
      {list.isError && (
        <LoadFailed
          className="manage-notice"
          title="文件列表加载失败"
          onRetry={() => void list.refetch()}
          testId="files-admin-failed"
        />
      )}
      <Table<FileInfo>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        locale={{ emptyText: category ? '这个类别还没有文件' : '还没有上传的文件' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个文件`,
          onChange: setPageNum,
        }}
        data-testid="files-table"
      />
    </div>
  );
}
