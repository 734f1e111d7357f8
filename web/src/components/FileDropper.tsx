// A drop zone for one file to upload: the page gets the file and sends it itself (antd's
// Upload sends nothing).
import { Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

/** Hands a picked or dropped file to `onFile`; disabled while `busy`. */
export function FileDropper({
  accept,
  hint,
  busy,
  onFile,
  testId,
}: {
  accept: readonly string[];
  hint: string;
  busy: boolean;
  onFile: (file: File) => void;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Upload.Dragger
        accept={accept.join(',')}
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? '正在上传…' : '点击或拖拽文件到此处上传'}</p>
        <p className="ant-upload-hint">{hint}</p>
      </Upload.Dragger>
    </div>
  );
}
