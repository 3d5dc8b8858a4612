import {
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { ChevronDownIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { websiteConfig } from '@/features/site/state/website-config';
import { session } from '@/stores/session';
import { LanguageMenu, LanguageSwitch } from './language-menu';
import { isActiveItem, type NavItem } from './nav-items';
import { GuestButtons, UserMenu } from './user-menu';

const DesktopItem = ({ item, location }: { item: NavItem; location: string }) => {
  const { t } = useTranslation('nav');
  const isActive = isActiveItem(item, location);
  const variant = isActive ? 'light' : 'subtle';
  if (!item.children) {
    return (
      <Button
        component={Link}
        href={item.to}
        variant={variant}
        color={isActive ? 'indigo' : 'gray'}
        size="compact-md"
        fw={500}
      >
        {t(item.label)}
      </Button>
    );
  }
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={120} position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          color={isActive ? 'indigo' : 'gray'}
          size="compact-md"
          fw={500}
          rightSection={<ChevronDownIcon size={14} />}
        >
          {t(item.label)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {item.children.map((child) => (
          <Menu.Item key={child.to} component={Link} href={child.to}>
            {t(child.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

const Brand = () => {
  const { shortName } = useSnapshot(websiteConfig);
  return (
    <UnstyledButton component={Link} href={paths.home()} aria-label={shortName}>
      <Text fw={800} fz={22} variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 90 }}>
        {shortName}
      </Text>
    </UnstyledButton>
  );
};

/**
 * The top bar. At 992 px and wider (Mantine's md) the entries sit in the bar; below it a drawer holds them
 * (spec 000 §2.1).
 */
export const TopNav = ({ items }: { items: NavItem[] }) => {
  const { t } = useTranslation('nav');
  const [location] = useLocation();
  const { user } = useSnapshot(session);
  // The drawer belongs to the page it was opened on, so following one of its links closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const isDrawerOpen = drawerOpenedAt === location;
  const closeDrawer = () => setDrawerOpenedAt(null);
  // One bar or the other is rendered, never both hidden by CSS, so each control exists once on the page.
  const isWide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="white"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="xl" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Brand />
            {isWide && (
              <Group gap={2} wrap="nowrap" component="nav" aria-label={t('mainNavigation')}>
                {items.map((item) => (
                  <DesktopItem key={item.label} item={item} location={location} />
                ))}
              </Group>
            )}
          </Group>
          {isWide ? (
            <Group gap="xs" wrap="nowrap">
              <LanguageMenu />
              {user ? <UserMenu user={user} /> : <GuestButtons />}
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              {user && <UserMenu user={user} />}
              <Burger
                opened={isDrawerOpen}
                onClick={() => setDrawerOpenedAt(isDrawerOpen ? null : location)}
                aria-label={t('openMenu')}
                data-testid="nav-burger"
              />
            </Group>
          )}
        </Group>
      </Container>
      <Drawer
        opened={isDrawerOpen && !isWide}
        onClose={closeDrawer}
        size="80%"
        padding="md"
        title={<Brand />}
        zIndex={300}
      >
        <Stack gap={4} component="nav" aria-label={t('mainNavigation')}>
          {items.map((item) => (
            <NavLink
              key={item.label}
              label={t(item.label)}
              active={isActiveItem(item, location)}
              defaultOpened={isActiveItem(item, location)}
              {...(item.children ? {} : { component: Link, href: item.to })}
            >
              {item.children?.map((child) => (
                <NavLink
                  key={child.to}
                  component={Link}
                  href={child.to}
                  label={t(child.label)}
                  active={location === child.to}
                />
              ))}
            </NavLink>
          ))}
        </Stack>
        <Divider my="md" />
        <Stack gap="sm">
          <LanguageSwitch />
          {!user && <GuestButtons fullWidth onOpen={closeDrawer} />}
        </Stack>
      </Drawer>
    </Box>
  );
};
