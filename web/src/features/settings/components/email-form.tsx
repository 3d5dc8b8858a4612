import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { updateUser } from '@/stores/session';
import { useCountdown } from '@/lib/use-countdown';
import { changeEmail, getChangeEmailCode } from '../api/account-calls';

/** The server refuses a new code for the same address within 30 s (account-settings routes). */
const resendSeconds = 30;
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailForm = ({ currentEmail }: { currentEmail: string | null | undefined }) => {
  const { t } = useTranslation('settings');
  const countdown = useCountdown();
  const [password, setPassword] = useState('');
  const [newEmail, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [isBusy, setBusy] = useState(false);
  const isEmailValid = emailShape.test(newEmail.trim());
  const sendCode = async () => {
    if (!isEmailValid) return showToast('warning', t('email.format'));
    try {
      await getChangeEmailCode(newEmail.trim());
      countdown.start(resendSeconds);
      showToast('success', t('email.codeSent'));
    } catch {
      // already toasted
    }
  };
  const submit = async () => {
    if (!password || !isEmailValid || !code.trim()) return showToast('warning', t('fillAll'));
    setBusy(true);
    try {
      const result = await changeEmail({ password, newEmail: newEmail.trim(), code: code.trim() });
      showToast(result.code === 200 ? 'success' : 'error', result.msg);
      if (result.code === 200 && result.userInfo) updateUser({ email: result.userInfo.email });
    } catch {
      // already toasted
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" maw={420}>
      <TextInput label={t('email.current')} value={currentEmail ?? ''} readOnly variant="filled" />
      <PasswordInput
        label={t('email.password')}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <TextInput
        label={t('email.new')}
        value={newEmail}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={newEmail && !isEmailValid ? t('email.format') : undefined}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('email.code')}
          value={code}
          maxLength={6}
          onChange={(e) => setCode(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button variant="light" disabled={countdown.isRunning} onClick={() => void sendCode()}>
          {countdown.isRunning ? t('email.resendIn', { seconds: countdown.secondsLeft }) : t('email.getCode')}
        </Button>
      </Group>
      <Button onClick={() => void submit()} loading={isBusy} w="fit-content">
        {t('email.submit')}
      </Button>
    </Stack>
  );
};
