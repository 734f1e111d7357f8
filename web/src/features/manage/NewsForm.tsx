// One news item in the console: type, title, author, summary, cover and the body, checked as
// the server checks them; saved as a draft (a new item) or in place (its state stays). After
// a save the form shows what the server stored: the body sanitised, the summary it made.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Tag } from 'antd';
import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { editedNewsQueryOptions, useNewsChange, type NewsDetail, type NewsInput } from './api/news';
import { editorClean } from './api/pages';
import {
  MAX_AUTHOR,
  MAX_SUMMARY,
  MAX_TITLE,
  authorProblem,
  bodyProblem,
  coverProblem,
  ruleOf,
  summaryProblem,
  titleProblem,
} from './contentRules';
import { newsTypes } from './newsTypes';
import { RichTextEditor, type Uploader } from './RichTextEditor';

interface FormValues {
  type: number;
  title: string;
  author: string;
  summary: string;
  cover: string;
  body: string;
}

const blank: FormValues = { type: 0, title: '', author: '', summary: '', cover: '', body: '' };

function valuesOf(item: NewsDetail): FormValues {
  return {
    type: item.type,
    title: item.title,
    author: item.author,
    summary: item.summary,
    cover: item.cover ?? '',
    body: item.body,
  };
}

function inputOf(values: FormValues): NewsInput {
  return {
    type: values.type,
    title: values.title.trim(),
    author: values.author.trim(),
    summary: values.summary.trim(),
    cover: values.cover.trim() || null,
    body: values.body,
  };
}

/** The form of item `id` (null: a new one); `onSaved` learns the id of a new item. */
export function NewsForm({
  id,
  upload,
  onSaved,
  onBack,
}: {
  id: number | null;
  upload: Uploader;
  onSaved: (id: number) => void;
  onBack: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const item = useQuery({ ...editedNewsQueryOptions(id ?? 0), enabled: id !== null });
  const change = useNewsChange();
  const [saved, setSaved] = useState(false);
  const [coverBusy, setCoverBusy] = useState(false);
  const coverInput = useRef<HTMLInputElement>(null);
  const cover = Form.useWatch('cover', form);

  // An item loaded (or stored by a save) fills the form.
  useEffect(() => {
    if (item.data) form.setFieldsValue(valuesOf(item.data));
  }, [item.data, form]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="news-form-back">
      返回列表
    </Button>
  );
  if (id !== null && item.isError) {
    const missing = item.error instanceof ApiError && item.error.status === 404;
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {back}
        {missing ? (
          <Alert type="warning" showIcon title="这条新闻不存在或已删除" />
        ) : (
          <LoadFailed
            title="新闻加载失败"
            onRetry={() => void item.refetch()}
            testId="news-form-failed"
          />
        )}
      </Space>
    );
  }

  const save = async (values: FormValues) => {
    setSaved(false);
    const stored = await change.mutateAsync({
      kind: 'save',
      ...(id !== null && { id }),
      input: inputOf(values),
    });
    if (!stored) return;
    form.setFieldsValue(valuesOf(stored));
    setSaved(true);
    onSaved(stored.id);
  };

  const uploadCover = async (file: File) => {
    setCoverBusy(true);
    try {
      const uploaded = await upload(file, 'image');
      form.setFieldValue('cover', uploaded.url);
      await form.validateFields(['cover']);
    } catch (error) {
      form.setFields([
        { name: 'cover', errors: [error instanceof Error ? error.message : '上传失败'] },
      ]);
    } finally {
      setCoverBusy(false);
    }
  };

  const data = item.data;
  return (
    <div data-testid="news-form">
      <Space className="manage-toolbar" wrap>
        {back}
        {data && (
          <>
            <Tag color={data.published ? 'green' : 'default'} data-testid="news-form-state">
              {data.published ? '已发布' : '草稿'}
            </Tag>
            {data.pinned && <Tag color="red">置顶</Tag>}
            <span className="manage-muted">最后修改：{data.updatedAt}</span>
          </>
        )}
      </Space>
      {saved && (
        <Alert
          className="manage-notice"
          type="success"
          showIcon
          title={data?.published ? '已保存' : '已保存（草稿，发布后访客才能看到）'}
          description="正文和摘要已换成服务器存下的内容（服务器会去掉脚本、事件属性和不允许的地址），可在“预览”中查看。"
          data-testid="news-form-saved"
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={blank}
        disabled={id !== null && !data}
        onFinish={(values) => void save(values).catch(() => undefined)}
        onValuesChange={() => setSaved(false)}
      >
        <Space wrap align="start">
          <Form.Item label="类型" name="type" required>
            <Select options={newsTypes} style={{ width: 160 }} data-testid="news-form-type" />
          </Form.Item>
          <Form.Item label="作者" name="author" rules={[ruleOf(authorProblem)]}>
            <Input maxLength={MAX_AUTHOR} style={{ width: 240 }} data-testid="news-form-author" />
          </Form.Item>
        </Space>
        <Form.Item label="标题" name="title" required rules={[ruleOf(titleProblem)]}>
          <Input showCount maxLength={MAX_TITLE} data-testid="news-form-title" />
        </Form.Item>
        <Form.Item
          label="摘要"
          name="summary"
          extra="留空时服务器取正文开头的120个字"
          rules={[ruleOf(summaryProblem)]}
        >
          <Input.TextArea
            rows={2}
            showCount
            maxLength={MAX_SUMMARY}
            data-testid="news-form-summary"
          />
        </Form.Item>
        <Form.Item label="封面图片" extra="上传图片，或填写 http(s) 地址或本站路径">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="cover" noStyle rules={[ruleOf(coverProblem)]}>
              <Input
                placeholder="https://… 或 /api/share/v2/file/…"
                aria-label="封面地址"
                data-testid="news-form-cover"
              />
            </Form.Item>
            <Button
              icon={<PictureOutlined />}
              loading={coverBusy}
              onClick={() => coverInput.current?.click()}
              data-testid="news-form-cover-upload"
            >
              上传封面
            </Button>
          </Space.Compact>
        </Form.Item>
        <input
          ref={coverInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="visually-absent"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void uploadCover(file);
          }}
          data-testid="news-form-cover-input"
        />
        {typeof cover === 'string' && !coverProblem(cover) && cover.trim() !== '' && (
          <img className="manage-cover" src={cover.trim()} alt="封面预览" />
        )}
        <Form.Item label="正文" name="body" rules={[ruleOf(bodyProblem)]}>
          <RichTextEditor upload={upload} clean={editorClean} testId="news-body" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={change.isPending}
          data-testid="news-form-save"
        >
          保存
        </Button>
      </Form>
    </div>
  );
}
