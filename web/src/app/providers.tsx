import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

// Dates everywhere read in Chinese (spec §1: the page locale is Chinese).
dayjs.locale('zh-cn');

const theme = {
  token: {
    colorPrimary: '#0b4aa2',
    // Local fonts only; Chinese falls back to the system's CJK font.
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Menu: {
      darkItemBg: '#0b4aa2',
      darkSubMenuItemBg: '#0b4aa2',
      darkPopupBg: '#0b4aa2',
      darkItemSelectedBg: '#062a63',
    },
  },
};

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
