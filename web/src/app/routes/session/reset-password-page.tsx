import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { openAuthDialog } from '@/stores/auth-dialog';

/** /reset-password?username=…&code=… from the mailed link; success goes to '/' with the login dialog open. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  return (
    <Card withBorder radius="lg" padding="xl" maw={440} mx="auto" my={48}>
      <Title order={2} fz={22} mb={4}>
        {t('resetPage.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('resetPage.intro')}
      </Text>
      <ResetPasswordForm
        username={query.get('username') ?? ''}
        code={query.get('code') ?? ''}
        onDone={() => {
          navigate('/');
          openAuthDialog('login');
        }}
      />
    </Card>
  );
};
