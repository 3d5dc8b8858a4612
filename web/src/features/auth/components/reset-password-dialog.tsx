import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Image, Modal, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showToast } from '@/lib/toast';
import { authDialog, closeAuthDialog, openAuthDialog } from '@/stores/auth-dialog';
import { checkCaptcha, checkEmail } from '@/lib/account-rules';
import { applyResetPassword } from '../api/apply-reset-password';
import { checkUsernameOrEmail } from '../api/check-username-or-email';
import { getCaptcha, type Captcha } from '../api/get-captcha';
import { useAccountForm } from './use-account-form';
import { useCountdown } from '@/lib/use-countdown';

/** Spec 000 §9: the reset mail can be sent again after 90 s. */
const resendWaitSeconds = 90;

/** HOJ's ResetPwd dialog: asks for the account's email and a captcha, then mails a reset link. */
export const ResetPasswordDialog = () => {
  const { t } = useTranslation('auth');
  const { open } = useSnapshot(authDialog);
  const isOpen = open === 'reset-password';
  const countdown = useCountdown();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useAccountForm(
    { email: '', captcha: '' },
    { email: (v) => checkEmail(v.email), captcha: (v) => checkCaptcha(v.captcha) },
  );

  const reloadCaptcha = useCallback(() => {
    getCaptcha()
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
  }, []);

  useEffect(() => {
    if (isOpen) reloadCaptcha();
  }, [isOpen, reloadCaptcha]);

  const checkEmailExists = async () => {
    if (!form.validateField('email')) return;
    try {
      const existing = await checkUsernameOrEmail({ email: form.values.email.trim() });
      if (!existing.email) form.setError('email', 'validation.emailNotExists');
    } catch {
      // The server checks again when the mail is requested.
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validateAll() || !captcha) return;
    setSubmitting(true);
    try {
      await applyResetPassword({
        email: form.values.email.trim(),
        captcha: form.values.captcha.trim(),
        captchaKey: captcha.captchaKey,
      });
      showToast('success', t('reset.mailSent'));
      countdown.start(resendWaitSeconds);
    } catch {
      // Spec 000 §8: a failed request clears the captcha and loads a new one.
      form.setValue('captcha', '');
      reloadCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened={isOpen}
      onClose={closeAuthDialog}
      size={420}
      centered
      title={<Text fw={600}>{t('reset.title')}</Text>}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('reset.intro')}
          </Text>
          <TextInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            type="email"
            autoComplete="email"
            data-autofocus
            {...form.inputProps('email')}
            onBlur={() => void checkEmailExists()}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('fields.captcha')}
              placeholder={t('fields.captchaPlaceholder')}
              style={{ flex: 1 }}
              maxLength={8}
              {...form.inputProps('captcha')}
            />
            <Tooltip label={t('reset.newCaptcha')}>
              <UnstyledButton
                mt={25}
                onClick={reloadCaptcha}
                aria-label={t('reset.newCaptcha')}
                data-testid="captcha-image"
              >
                {captcha ? (
                  <Image src={captcha.img} alt={t('fields.captcha')} h={36} w={108} radius="sm" />
                ) : (
                  <Text size="xs" c="dimmed" w={108} lh="36px" ta="center">
                    {t('reset.captchaUnavailable')}
                  </Text>
                )}
              </UnstyledButton>
            </Tooltip>
          </Group>
          <Button type="submit" fullWidth loading={isSubmitting} disabled={countdown.isRunning} mt="xs">
            {countdown.isRunning ? t('reset.resendIn', { seconds: countdown.secondsLeft }) : t('reset.submit')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => openAuthDialog('login')}>
            {t('reset.toLogin')}
          </Anchor>
        </Stack>
      </form>
    </Modal>
  );
};
