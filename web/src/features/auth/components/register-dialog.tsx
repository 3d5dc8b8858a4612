import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showToast } from '@/lib/toast';
import { authDialog, closeAuthDialog, openAuthDialog } from '@/stores/auth-dialog';
import { checkEmail, checkEmailCode, checkPassword, checkPasswordAgain, checkUsername } from '@/lib/account-rules';
import { checkUsernameOrEmail } from '../api/check-username-or-email';
import { getRegisterCode } from '../api/get-register-code';
import { register } from '../api/register';
import { useAccountForm } from './use-account-form';
import { useCountdown } from '@/lib/use-countdown';

/** Spec 000 §9: the registration code can be sent again after 60 s. */
const resendWaitSeconds = 60;

export const RegisterDialog = () => {
  const { t } = useTranslation('auth');
  const { open } = useSnapshot(authDialog);
  const countdown = useCountdown();
  const [isSending, setSending] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useAccountForm(
    { username: '', password: '', passwordAgain: '', email: '', code: '' },
    {
      username: (v) => checkUsername(v.username),
      password: (v) => checkPassword(v.password),
      passwordAgain: (v) => checkPasswordAgain(v.passwordAgain, v.password),
      email: (v) => checkEmail(v.email),
      code: (v) => checkEmailCode(v.code),
    },
  );

  /** Spec 000 §5: a taken username or email is reported when the field loses focus. */
  const checkTaken = async (field: 'username' | 'email') => {
    if (!form.validateField(field)) return;
    try {
      const existing = await checkUsernameOrEmail({ [field]: form.values[field].trim() });
      if (existing[field])
        form.setError(field, field === 'username' ? 'validation.usernameExists' : 'validation.emailExists');
    } catch {
      // The server decides again at registration; a failed check must not block typing.
    }
  };

  const sendCode = async () => {
    if (!form.validateField('email')) return;
    setSending(true);
    try {
      await getRegisterCode(form.values.email.trim());
      showToast('success', t('register.codeSent'));
      countdown.start(resendWaitSeconds);
    } catch {
      // Spec 000 §8: a failed send re-enables the button, which simply means no countdown.
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    setSubmitting(true);
    try {
      const { username, password, email, code } = form.values;
      await register({ username: username.trim(), password, email: email.trim(), code: code.trim() });
      showToast('success', t('register.succeeded'));
      form.reset();
      openAuthDialog('login');
    } catch {
      // Spec 000 §8: a failed registration clears the code field.
      form.setValue('code', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened={open === 'register'}
      onClose={closeAuthDialog}
      size={420}
      centered
      title={<Text fw={600}>{t('register.title')}</Text>}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fields.username')}
            placeholder={t('fields.usernamePlaceholder')}
            autoComplete="username"
            data-autofocus
            {...form.inputProps('username')}
            onBlur={() => void checkTaken('username')}
          />
          <PasswordInput
            label={t('fields.password')}
            placeholder={t('fields.passwordPlaceholder')}
            autoComplete="new-password"
            {...form.inputProps('password')}
          />
          <PasswordInput
            label={t('fields.passwordAgain')}
            placeholder={t('fields.passwordAgainPlaceholder')}
            autoComplete="new-password"
            {...form.inputProps('passwordAgain')}
          />
          <TextInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            autoComplete="email"
            type="email"
            {...form.inputProps('email')}
            onBlur={() => void checkTaken('email')}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('fields.code')}
              placeholder={t('fields.codePlaceholder')}
              style={{ flex: 1 }}
              maxLength={6}
              {...form.inputProps('code')}
            />
            <Button
              variant="light"
              mt={25}
              onClick={() => void sendCode()}
              loading={isSending}
              disabled={countdown.isRunning}
              miw={112}
            >
              {countdown.isRunning
                ? t('register.resendIn', { seconds: countdown.secondsLeft })
                : t('register.sendCode')}
            </Button>
          </Group>
          <Button type="submit" fullWidth loading={isSubmitting} mt="xs">
            {t('register.submit')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('login')}>
            {t('register.toLogin')}
          </Anchor>
        </Stack>
      </form>
    </Modal>
  );
};
