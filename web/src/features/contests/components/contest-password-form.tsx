import { useState } from 'react';
import { Button, Card, Group, PasswordInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { registerContest } from '../api/register-contest';

type Props = { cid: string; onRegistered: () => void };

/** Registration with the contest password (reference §1.1 register-contest). */
export const ContestPasswordForm = ({ cid, onRegistered }: Props) => {
  const { t } = useTranslation('contests');
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) {
      showToast('warning', t('registration.passwordRequired'));
      return;
    }
    setBusy(true);
    try {
      await registerContest(cid, password);
      showToast('success', t('registration.succeeded'));
      onRegistered();
    } catch {
      // The API client showed the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="contest-password-form">
      <Text fw={600} mb="xs">
        {t('registration.title')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <PasswordInput
          style={{ flex: 1, minWidth: 200 }}
          placeholder={t('registration.placeholder')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && void submit()}
          data-testid="contest-password"
        />
        <Button onClick={() => void submit()} loading={isBusy} data-testid="contest-register">
          {t('registration.submit')}
        </Button>
      </Group>
    </Card>
  );
};
