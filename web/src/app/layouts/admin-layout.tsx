import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { adminLogout } from '@/features/auth/api/logout';
import { websiteConfig } from '@/features/site/state/website-config';
import { clearSession, session } from '@/stores/session';

/** One shared frame for the back office until its pages arrive (spec 002 §2.11). */
export const AdminLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('nav');
  const { shortName } = useSnapshot(websiteConfig);
  const { user } = useSnapshot(session);
  const [, navigate] = useLocation();
  // admin §5.1: ends every session of the user; the back office then asks for a sign-in again.
  const signOut = () =>
    void adminLogout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        navigate(paths.adminLogin());
      });
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="dark.7" c="white" py="sm">
        <Container size="xl">
          <Group justify="space-between">
            <Group gap="sm">
              <Text fw={800}>{shortName}</Text>
              <Badge variant="light" color="gray">
                {t('backOffice')}
              </Badge>
            </Group>
            <Group gap="md">
              {user && <Text size="sm">{user.username}</Text>}
              <Anchor component={Link} href={paths.adminAudit()} c="gray.3" size="sm" data-testid="admin-nav-audit">
                {t('auditTrail')}
              </Anchor>
              <Anchor
                component={Link}
                href={paths.adminRejudgings()}
                c="gray.3"
                size="sm"
                data-testid="admin-nav-rejudgings"
              >
                {t('rejudgings')}
              </Anchor>
              <Anchor
                component={Link}
                href={paths.adminProjections()}
                c="gray.3"
                size="sm"
                data-testid="admin-nav-projections"
              >
                {t('projections')}
              </Anchor>
              <Anchor component={Link} href={paths.home()} c="gray.3" size="sm">
                {t('backToSite')}
              </Anchor>
              {user && (
                <UnstyledButton onClick={signOut} c="gray.3" fz="sm" data-testid="admin-logout">
                  {t('logout')}
                </UnstyledButton>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="xl">
        {children}
      </Container>
    </Box>
  );
};
