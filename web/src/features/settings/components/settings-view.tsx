import { Accordion, Avatar, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '@/stores/session';
import { AvatarCropper } from './avatar-cropper';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** /setting (spec 000 §2.7): an accordion with the Account and UserInfo sections. */
export const SettingsView = () => {
  const { t } = useTranslation('settings');
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <Container size="md" py="lg">
      <Title order={3} mb="md">
        {t('title')}
      </Title>
      <Card withBorder radius="md" padding={0}>
        <Accordion multiple defaultValue={['account', 'userInfo']} variant="filled">
          <Accordion.Item value="account">
            <Accordion.Control>{t('sections.account')}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xl">
                <Stack gap="xs">
                  <Title order={5}>{t('avatar.title')}</Title>
                  <Group gap="md" align="flex-start">
                    <Avatar
                      src={user.avatar ?? null}
                      size={80}
                      radius={80}
                      color="indigo"
                      data-testid="settings-avatar"
                    >
                      {user.username.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <AvatarCropper />
                  </Group>
                </Stack>
                <Stack gap="xs">
                  <Title order={5}>{t('password.title')}</Title>
                  <PasswordForm />
                </Stack>
                <Stack gap="xs">
                  <Title order={5}>{t('email.title')}</Title>
                  <EmailForm currentEmail={user.email} />
                </Stack>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="userInfo">
            <Accordion.Control>{t('sections.userInfo')}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed" mb="sm">
                {t('profile.hint', { username: user.username })}
              </Text>
              <ProfileForm user={user} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Card>
    </Container>
  );
};
