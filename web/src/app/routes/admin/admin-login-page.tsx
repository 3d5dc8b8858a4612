import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { checkPassword, checkUsername } from '@/lib/account-rules';
import { login } from '@/features/auth/api/login';
import { useAccountForm } from '@/features/auth/components/use-account-form';
import { websiteConfig } from '@/features/site/state/website-config';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { signIn } from '@/stores/session';

/** /admin/login (spec 002 §2.11): the back office's own sign-in, through POST /api/admin/login. */
export const AdminLoginPage = () => {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const { name } = useSnapshot(websiteConfig);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useAccountForm(
    { username: '', password: '' },
    { username: (v) => checkUsername(v.username), password: (v) => checkPassword(v.password) },
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { token, user } = await login(
        { username: form.values.username.trim(), password: form.values.password },
        { asAdmin: true, silent: true },
      );
      signIn(token, user);
      showToast('success', t('adminLogin.welcome', { username: user.username }));
      navigate(paths.admin());
    } catch (error) {
      // The server's refusal (wrong password, locked, banned, not an admin: admin §5.1) is shown as it says.
      setFailure(error instanceof ApiError ? error.message : t('adminLogin.failed'));
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
            {failure && (
              <Alert color="red" variant="light" data-testid="admin-login-failure">
                {failure}
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
