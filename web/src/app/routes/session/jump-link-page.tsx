import { useEffect } from 'react';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { openAuthDialog } from '@/stores/auth-dialog';
import { session } from '@/stores/session';

/** Spec 002 §2.12: the jump link waits 2 s between tries. */
const retryDelayMs = 2000;

const targetOf = (type: string | null, id: string | null): string => {
  if (!id) return paths.home();
  if (type === '1') return paths.training(id);
  if (type === '2') return paths.problem(id);
  if (type === '3') return paths.submission(id);
  return paths.home();
};

/**
 * /jumplink?userId&id&type. HOJ has no autologin endpoint (api-core §8), so instead of signing in by id it
 * asks the visitor to sign in and redirects once the stored user is the one the link names.
 */
export const JumpLinkPage = () => {
  const { t } = useTranslation('common');
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const userId = query.get('userId');
  const target = targetOf(query.get('type'), query.get('id'));

  useEffect(() => {
    if (!userId) return undefined;
    let hasPrompted = false;
    const timer = setInterval(() => {
      if (session.user?.uid === userId) navigate(target, { replace: true });
      else if (!hasPrompted) {
        hasPrompted = true;
        openAuthDialog('login');
      }
    }, retryDelayMs);
    return () => clearInterval(timer);
  }, [userId, target, navigate]);

  if (!userId) {
    return (
      <Center py={96} px="md">
        {/* Spec 002 §2.12: this message is shown in Chinese whatever the UI language. */}
        <Alert color="red" title="地址无效">
          地址无效，请检查数据
        </Alert>
      </Center>
    );
  }
  return (
    <Center py={96}>
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{t('jumpLink.redirecting')}</Text>
      </Stack>
    </Center>
  );
};
