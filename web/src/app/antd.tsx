// antd's providers: its theme, the Chinese locale and its App (toasts, dialogs). They are not
// on the first page: antdGate.ts loads this module the first time a page or dialog drawn with
// antd is wanted, and the layout puts what is below the header inside them from then on.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { connectShellToasts } from './antdGate';

// Dates everywhere read in Chinese (spec §1: the page locale is Chinese).
dayjs.locale('zh-cn');

const theme = {
  token: {
    colorPrimary: '#0b4aa2',
    // Local fonts only; Chinese falls back to the system's CJK font.
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
    // Readable at WCAG AA on white: links in the brand blue (antd's #1677ff is 4.1:1),
    // descriptions and placeholders at 55% black, 4.8:1 (antd's 45% is 3.4:1, 25% 1.8:1).
    colorLink: '#0b4aa2',
    colorTextDescription: 'rgba(0, 0, 0, 0.55)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

/** Shows the shell's toasts (shellToast) in antd's message stack, the pages' own one. */
function ShellToasts() {
  const { message } = AntApp.useApp();
  useEffect(() => connectShellToasts((kind, text) => void message[kind](text)), [message]);
  return null;
}

/** antd's theme, locale and App around `children`. */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <ShellToasts />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
