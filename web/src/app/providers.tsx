import type { ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Roboto, Helvetica, Arial, sans-serif',
});

export const AppProviders = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec 000 §8: toasts sit at the top centre and only one shows at a time. */}
      <Notifications position="top-center" limit={1} zIndex={1000} />
      {children}
    </MantineProvider>
  </I18nextProvider>
);
