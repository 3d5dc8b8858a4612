import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { checkPassword, checkPasswordAgain, checkUsername } from '@/lib/account-rules';
import { checkUsernameOrEmail } from '../api/check-username-or-email';
import { resetPassword } from '../api/reset-password';
import { useAccountForm } from './use-account-form';

type ResetPasswordFormProps = {
  /** From the mailed link's query string (api-core §1). */
  username: string;
  code: string;
  onDone: () => void;
};

export const ResetPasswordForm = ({ username, code, onDone }: ResetPasswordFormProps) => {
  const { t } = useTranslation('auth');
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useAccountForm(
    { username, password: '', passwordAgain: '' },
    {
      username: (v) => checkUsername(v.username),
      password: (v) => checkPassword(v.password),
      passwordAgain: (v) => checkPasswordAgain(v.passwordAgain, v.password),
    },
  );

  /** Spec 000 §5: the username is checked against the server when it loses focus. */
  const checkUsernameExists = async () => {
    if (!form.validateField('username')) return;
    try {
      const existing = await checkUsernameOrEmail({ username: form.values.username.trim() });
      if (!existing.username) form.setError('username', 'validation.usernameNotExists');
    } catch {
      // The server checks again on submit.
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    setSubmitting(true);
    try {
      await resetPassword({ username: form.values.username.trim(), password: form.values.password, code });
      showToast('success', t('resetPage.succeeded'));
      onDone();
    } catch {
      // The API client has shown the server's reason; the form stays filled for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="sm">
        {code === '' && (
          <Alert color="yellow" variant="light">
            {t('resetPage.missingCode')}
          </Alert>
        )}
        <TextInput
          label={t('fields.username')}
          autoComplete="username"
          {...form.inputProps('username')}
          onBlur={() => void checkUsernameExists()}
        />
        <PasswordInput
          label={t('fields.newPassword')}
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
        <Button type="submit" loading={isSubmitting} disabled={code === ''} mt="xs">
          {t('resetPage.submit')}
        </Button>
      </Stack>
    </form>
  );
};
