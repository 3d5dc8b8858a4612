import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import classes from './not-found-page.module.css';

/** Spec 002 §2.12: animated 404 digits with Go Home and Back buttons. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={72} ta="center" data-testid="not-found">
      <Group gap={4} className={classes.digits} aria-label="404">
        {['4', '0', '4'].map((digit, index) => (
          <span key={index} className={classes.digit} style={{ animationDelay: `${index * 0.15}s` }}>
            {digit}
          </span>
        ))}
      </Group>
      <Title order={2}>{t('common:notFound.title')}</Title>
      <Text c="dimmed">{t('common:notFound.description')}</Text>
      <Group>
        <Button component={Link} href={paths.home()}>
          {t('common:actions.goHome')}
        </Button>
        <Button variant="default" onClick={() => window.history.back()}>
          {t('common:actions.back')}
        </Button>
      </Group>
    </Stack>
  );
};
