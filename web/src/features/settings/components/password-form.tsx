import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { limits } from '@/lib/account-rules';
import { changePassword } from '../api/account-calls';

/** HOJ's reply says the user is signed out five seconds after a password change; we do the same. */
const signOutDelayMs = 5000;

export const PasswordForm = () => {
  const { t } = useTranslation('settings');
  const [, navigate] = useLocation();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [again, setAgain] = useState('');
  const [isBusy, setBusy] = useState(false);
  const problem = (() => {
    if (newPassword && (newPassword.length < limits.passwordMinLength || newPassword.length > limits.passwordMaxLength))
      return t('password.length');
    if (again && again !== newPassword) return t('password.mismatch');
    return null;
  })();
  const submit = async () => {
    if (!oldPassword || !newPassword || problem || again !== newPassword) return showToast('warning', t('fillAll'));
    setBusy(true);
    try {
      const result = await changePassword({ oldPassword, newPassword });
      showToast(result.code === 200 ? 'success' : 'error', result.msg);
      if (result.code === 200) setTimeout(() => navigate(paths.logout()), signOutDelayMs);
    } catch {
      // already toasted
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" maw={420}>
      <PasswordInput label={t('password.old')} value={oldPassword} onChange={(e) => setOld(e.currentTarget.value)} />
      <PasswordInput
        label={t('password.new')}
        value={newPassword}
        onChange={(e) => setNew(e.currentTarget.value)}
        error={newPassword && problem === t('password.length') ? problem : undefined}
      />
      <PasswordInput
        label={t('password.again')}
        value={again}
        onChange={(e) => setAgain(e.currentTarget.value)}
        error={again && again !== newPassword ? t('password.mismatch') : undefined}
      />
      <Button onClick={() => void submit()} loading={isBusy} w="fit-content">
        {t('password.submit')}
      </Button>
    </Stack>
  );
};
