import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ComingSoonCard } from '@/components/coming-soon-card';
import { paths } from '@/config/paths';

/** Every route whose page arrives in a later release renders this card with the route's own name. */
export const ComingPage = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  return (
    <ComingSoonCard title={t(`routes:${name}`)} description={t('common:coming.description')}>
      <Group gap="sm" mt="xs">
        <Button component={Link} href={paths.home()} variant="light">
          {t('common:actions.goHome')}
        </Button>
        <Button variant="subtle" color="gray" onClick={() => window.history.back()}>
          {t('common:actions.back')}
        </Button>
      </Group>
    </ComingSoonCard>
  );
};
