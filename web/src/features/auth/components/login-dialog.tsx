import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SlideVerify } from '@/components/slide-verify';
import { showToast } from '@/lib/toast';
import { authDialog, closeAuthDialog, openAuthDialog } from '@/stores/auth-dialog';
import { signIn } from '@/stores/session';
import { websiteConfig } from '@/features/site/state/website-config';
import { checkPassword, checkUsername } from '@/lib/account-rules';
import { login } from '../api/login';
import { loginFailures, recordLoginFailure, resetLoginFailures, slideVerifyThreshold } from '../state/login-failures';
import { useAccountForm } from './use-account-form';

/** Spec 000 §2.1: the login dialog is 370 px wide. */
const loginDialogWidthPx = 370;

export const LoginDialog = () => {
  const { t } = useTranslation('auth');
  const { open } = useSnapshot(authDialog);
  const { count } = useSnapshot(loginFailures);
  const { shortName } = useSnapshot(websiteConfig);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isVerifying, setVerifying] = useState(false);
  const form = useAccountForm(
    { username: '', password: '' },
    { username: (v) => checkUsername(v.username), password: (v) => checkPassword(v.password) },
  );

  const close = () => {
    setVerifying(false);
    closeAuthDialog();
  };

  const send = async () => {
    setVerifying(false);
    setSubmitting(true);
    try {
      const { token, user } = await login({ username: form.values.username.trim(), password: form.values.password });
      signIn(token, user);
      resetLoginFailures();
      form.reset();
      closeAuthDialog();
      showToast('success', t('login.welcomeBack', { username: user.username }));
    } catch {
      recordLoginFailure();
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    if (count >= slideVerifyThreshold) setVerifying(true);
    else void send();
  };

  return (
    <Modal
      opened={open === 'login'}
      onClose={close}
      size={loginDialogWidthPx}
      centered
      title={<Text fw={600}>{t('login.title', { site: shortName })}</Text>}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fields.username')}
            placeholder={t('fields.usernamePlaceholder')}
            autoComplete="username"
            data-autofocus
            {...form.inputProps('username')}
          />
          <PasswordInput
            label={t('fields.password')}
            placeholder={t('fields.passwordPlaceholder')}
            autoComplete="current-password"
            {...form.inputProps('password')}
          />
          {isVerifying && (
            <SlideVerify
              onPassed={() => void send()}
              prompt={t('slide.prompt')}
              passedText={t('slide.passed')}
              failedText={t('slide.failed')}
            />
          )}
          <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
            {t('login.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('register')}>
              {t('login.toRegister')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="dimmed"
              onClick={() => openAuthDialog('reset-password')}
            >
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
