// The body editor of the console (news items, editable pages): a toolbar over an editable
// area, the HTML itself for those who want it, and a preview. The value is HTML; the server
// sanitises it on save (html.rs: no script, style, frame or event attribute; links and
// images only to http(s), mailto or this server), and the form then shows what it stored.
// HTML typed in the HTML tab goes through the same sanitiser before the editable area or the
// preview renders it, so markup pasted from elsewhere never runs in the editor's session.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, Space, Tabs, Tooltip } from 'antd';
import {
  BoldOutlined,
  FileAddOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  BAD_ADDRESS_MESSAGE,
  format,
  imageNode,
  insertLink,
  insertNode,
  isAllowedAddress,
  linkNode,
  rangeIn,
  startParagraphs,
  type FormatCommand,
} from './richText';
import './RichTextEditor.css';

/** What an upload from the editor gives back: the file's address and its name. */
export interface UploadedFile {
  url: string;
  name: string;
}

/** Uploads an image (`image`) or any other file (`attachment`); rejects with the server's message. */
export type Uploader = (file: File, category: 'image' | 'attachment') => Promise<UploadedFile>;

/** The server's sanitiser: the HTML as saving would store it; rejects with the server's message. */
export type Cleaner = (html: string) => Promise<string>;

/** Image types the server takes for `image` (checked there by content). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

const formatButtons: readonly { command: FormatCommand; label: string; icon: ReactNode }[] = [
  { command: 'bold', label: '加粗', icon: <BoldOutlined /> },
  { command: 'h2', label: '标题', icon: 'H2' },
  { command: 'h3', label: '小标题', icon: 'H3' },
  { command: 'p', label: '正文段落', icon: '¶' },
  { command: 'ul', label: '项目列表', icon: <UnorderedListOutlined /> },
  { command: 'ol', label: '编号列表', icon: <OrderedListOutlined /> },
];

/** The editor; `value` and `onChange` come from the form item it sits in. */
export function RichTextEditor({
  value = '',
  onChange = () => undefined,
  upload,
  clean,
  testId = 'rich-text',
}: {
  value?: string;
  onChange?: (html: string) => void;
  upload: Uploader;
  clean: Cleaner;
  testId?: string;
}) {
  const editor = useRef<HTMLDivElement>(null);
  // The caret the editor last had: toolbar clicks and file dialogs take the focus away.
  const caret = useRef<Range | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState('edit');
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [cleaning, setCleaning] = useState(false);
  const [cleanError, setCleanError] = useState<string | null>(null);

  // The value changes from outside (an item loaded, the server's answer, the HTML tab once
  // sanitised): the editable area follows, but not on its own input, which would move the
  // caret to the start, and not while the HTML tab holds text the server has not seen.
  useEffect(() => {
    const element = editor.current;
    if (tab !== 'html' && element && element.innerHTML !== value) element.innerHTML = value;
  }, [value, tab]);

  const switchTab = async (next: string) => {
    if (tab !== 'html' || next === 'html') {
      setTab(next);
      return;
    }
    setCleaning(true);
    setCleanError(null);
    try {
      onChange(await clean(value));
      setTab(next);
    } catch (error) {
      setCleanError(error instanceof Error ? error.message : '无法检查正文，请稍后再试');
    } finally {
      setCleaning(false);
    }
  };

  useEffect(() => {
    const remember = () => {
      const element = editor.current;
      const range = element && rangeIn(element);
      if (range) caret.current = range.cloneRange();
    };
    document.addEventListener('selectionchange', remember);
    return () => document.removeEventListener('selectionchange', remember);
  }, []);

  const changed = () => {
    if (editor.current) onChange(editor.current.innerHTML);
  };

  const apply = (command: FormatCommand) => {
    editor.current?.focus();
    format(command);
    changed();
  };

  const insert = (node: Node) => {
    const element = editor.current;
    if (!element) return;
    insertNode(element, node, caret.current);
    changed();
  };

  const addLink = () => {
    const element = editor.current;
    if (!element) return;
    if (!isAllowedAddress(address)) {
      setAddressError(BAD_ADDRESS_MESSAGE);
      return;
    }
    insertLink(element, address.trim(), caret.current);
    changed();
    setLinking(false);
    setAddress('');
    setAddressError(null);
  };

  const send = async (file: File, category: 'image' | 'attachment') => {
    setUploading(true);
    setUploadError(null);
    try {
      const uploaded = await upload(file, category);
      insert(
        category === 'image'
          ? imageNode(uploaded.url, uploaded.name)
          : linkNode(uploaded.url, uploaded.name),
      );
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : '上传失败');
    } finally {
      setUploading(false);
    }
  };

  const picked = (input: HTMLInputElement, category: 'image' | 'attachment') => {
    const file = input.files?.[0];
    // Cleared so that picking the same file again is a change too.
    input.value = '';
    if (file) void send(file, category);
  };

  const toolbar = (
    <div className="rich-text__toolbar" role="toolbar" aria-label="正文格式">
      <Space wrap size={4}>
        {formatButtons.map(({ command, label, icon }) => (
          <Tooltip key={command} title={label}>
            <Button
              aria-label={label}
              icon={icon}
              // Keeps the selection in the editable area: a click would take the focus.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(command)}
              data-testid={`${testId}-${command}`}
            />
          </Tooltip>
        ))}
        <Tooltip title="插入链接">
          <Button
            aria-label="插入链接"
            icon={<LinkOutlined />}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setLinking(true)}
            data-testid={`${testId}-link`}
          />
        </Tooltip>
        <Button
          icon={<PictureOutlined />}
          loading={uploading}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => imageInput.current?.click()}
          data-testid={`${testId}-image`}
        >
          上传图片
        </Button>
        <Button
          icon={<FileAddOutlined />}
          loading={uploading}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => fileInput.current?.click()}
          data-testid={`${testId}-attachment`}
        >
          上传附件
        </Button>
      </Space>
      <input
        ref={imageInput}
        type="file"
        accept={IMAGE_TYPES}
        className="visually-absent"
        onChange={(event) => picked(event.target, 'image')}
        data-testid={`${testId}-image-input`}
      />
      <input
        ref={fileInput}
        type="file"
        className="visually-absent"
        onChange={(event) => picked(event.target, 'attachment')}
        data-testid={`${testId}-attachment-input`}
      />
      {linking && (
        <div className="rich-text__link">
          <Space.Compact style={{ width: '100%' }}>
            <Input
              autoFocus
              placeholder="链接地址：https://… 或 /api/share/v2/file/…"
              aria-label="链接地址"
              value={address}
              status={addressError ? 'error' : undefined}
              onChange={(event) => setAddress(event.target.value)}
              onPressEnter={addLink}
              data-testid={`${testId}-link-address`}
            />
            <Button type="primary" onClick={addLink} data-testid={`${testId}-link-insert`}>
              插入
            </Button>
            <Button
              onClick={() => {
                setLinking(false);
                setAddressError(null);
              }}
            >
              取消
            </Button>
          </Space.Compact>
          {addressError && <div className="rich-text__error">{addressError}</div>}
        </div>
      )}
      {uploadError && (
        <Alert
          type="error"
          showIcon
          closable
          title={uploadError}
          onClose={() => setUploadError(null)}
          data-testid={`${testId}-upload-error`}
        />
      )}
    </div>
  );

  return (
    <Tabs
      className="rich-text"
      activeKey={tab}
      onChange={(next) => void switchTab(next)}
      data-testid={testId}
      items={[
        {
          key: 'edit',
          label: '编辑',
          children: (
            <>
              {toolbar}
              <div
                ref={editor}
                className="rich-text__area rich-text__content"
                contentEditable
                suppressContentEditableWarning
                role="textbox"
                aria-multiline
                aria-label="正文"
                onInput={changed}
                onFocus={(event) => startParagraphs(event.currentTarget)}
                data-testid={`${testId}-area`}
              />
            </>
          ),
        },
        {
          key: 'html',
          label: 'HTML',
          children: (
            <>
              <Input.TextArea
                className="rich-text__html"
                aria-label="正文 HTML"
                autoSize={{ minRows: 12, maxRows: 30 }}
                value={value}
                disabled={cleaning}
                onChange={(event) => onChange(event.target.value)}
                data-testid={`${testId}-html`}
              />
              {cleaning && <p className="rich-text__note">正在按保存规则检查正文…</p>}
              {cleanError && (
                <Alert
                  type="error"
                  showIcon
                  title={cleanError}
                  data-testid={`${testId}-clean-error`}
                />
              )}
            </>
          ),
        },
        {
          key: 'preview',
          label: '预览',
          children: (
            <>
              <p className="rich-text__note">
                保存时服务器会去掉脚本、样式、事件属性和不允许的地址；保存后这里显示服务器存下的正文。
              </p>
              <div
                className="rich-text__content rich-text__preview"
                data-testid={`${testId}-preview`}
                // What the editable area holds, or the HTML tab's text as the server sanitised
                // it; rendered only while shown.
                dangerouslySetInnerHTML={{ __html: tab === 'preview' ? value : '' }}
              />
            </>
          ),
        },
      ]}
    />
  );
}
