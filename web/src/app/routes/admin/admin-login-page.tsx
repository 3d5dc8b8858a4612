import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { checkPassword, checkUsername } from '../../../features/auth/account-rules';
import { login } from '../../../features/auth/api/login';
import { useAccountForm } from '../../../features/auth/components/use-account-form';
import { websiteConfig } from '../../../features/site/state/website-config';
import { showToast } from '../../../lib/toast';
import { isAdmin, signIn } from '../../../stores/session';

/** /admin/login (spec 002 §2.11): the back office's own sign-in, through POST /api/admin/login. */
export const AdminLoginPage = () => {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const { name } = useSnapshot(websiteConfig);
  const [hasFailed, setFailed] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useAccountForm(
    { username: '', password: '' },
    { username: (v) => checkUsername(v.username), password: (v) => checkPassword(v.password) },
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    setSubmitting(true);
    try {
      const { token, user } = await login(
        { username: form.values.username.trim(), password: form.values.password },
        true,
      );
      if (!isAdmin(user)) throw new Error('not an admin');
      signIn(token, user);
      showToast('success', t('adminLogin.welcome', { username: user.username }));
      navigate(paths.admin());
    } catch {
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Center mih="100vh" bg="gray.0" px="md">
      <Card withBorder radius="lg" padding="xl" w={380} maw="100%">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="sm">
            <Title order={2} fz={22}>
              {t('adminLogin.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {name}
            </Text>
            {hasFailed && (
              <Alert color="red" variant="light">
                {t('adminLogin.failed')}
              </Alert>
            )}
            <TextInput label={t('fields.username')} autoComplete="username" {...form.inputProps('username')} />
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              {...form.inputProps('password')}
            />
            <Button type="submit" loading={isSubmitting} mt="xs">
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
};
