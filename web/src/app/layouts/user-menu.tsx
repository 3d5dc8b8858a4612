import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ChevronDownIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { MessageBell } from '@/features/messages/components/message-bell';
import { openAuthDialog } from '@/stores/auth-dialog';
import { isAdmin } from '@/stores/session';

type MenuUser = {
  uid: string;
  username: string;
  nickname?: string | null;
  avatar?: string | null;
  roleList: readonly string[];
};

/** `onOpen` lets the drawer get out of the dialog's way. */
export const GuestButtons = ({ fullWidth = false, onOpen }: { fullWidth?: boolean; onOpen?: () => void }) => {
  const { t } = useTranslation('nav');
  const open = (dialog: 'login' | 'register') => {
    onOpen?.();
    openAuthDialog(dialog);
  };
  return (
    <Group gap="xs" grow={fullWidth} wrap="nowrap">
      <Button variant="default" onClick={() => open('login')} data-testid="open-login">
        {t('login')}
      </Button>
      <Button onClick={() => open('register')} data-testid="open-register">
        {t('register')}
      </Button>
    </Group>
  );
};

/** Spec 000 §2.1: home, my submissions, the back office (admin roles, new window) and logout. */
export const UserMenu = ({ user }: { user: MenuUser }) => {
  const { t } = useTranslation('nav');
  return (
    <Group gap={6} wrap="nowrap">
      <MessageBell uid={user.uid} />
      <Menu position="bottom-end" width={200} withinPortal>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu" px={6} py={4} style={{ borderRadius: 8 }}>
            <Group gap={8} wrap="nowrap">
              <Avatar
                src={user.avatar ?? null}
                alt={user.username}
                data-testid="user-menu-avatar"
                radius="xl"
                size={30}
                color="indigo"
              >
                {user.username.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm" fw={500} maw={140} truncate data-testid="user-menu-name">
                {user.nickname || user.username}
              </Text>
              <ChevronDownIcon size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} href={paths.userHome({ uid: user.uid, username: user.username })}>
            {t('userHome')}
          </Menu.Item>
          <Menu.Item component={Link} href={paths.status({ onlyMine: true })}>
            {t('mySubmissions')}
          </Menu.Item>
          <Menu.Item component={Link} href={paths.setting()}>
            {t('setting')}
          </Menu.Item>
          {isAdmin(user) && (
            <Menu.Item component="a" href={paths.admin()} target="_blank" rel="noopener">
              {t('admin')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item component={Link} href={paths.logout()} color="red" data-testid="menu-logout">
            {t('logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
};
