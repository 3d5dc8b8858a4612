import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { BackToTop } from '@/components/back-to-top';
import { websiteConfig } from '@/features/site/state/website-config';
import type { NavMode } from '../route-table';
import { navItemsFor } from './nav-items';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

type MainLayoutProps = {
  mode: NavMode;
  params: Partial<Record<string, string>>;
  hideFooter: boolean;
  children: ReactNode;
};

export const MainLayout = ({ mode, params, hideFooter, children }: MainLayoutProps) => {
  const { t } = useTranslation('nav');
  const { openPublicDiscussion } = useSnapshot(websiteConfig);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <TopNav items={navItemsFor(mode, params, { openPublicDiscussion })} />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      {!hideFooter && <SiteFooter />}
      <BackToTop label={t('backToTop')} />
    </Box>
  );
};
