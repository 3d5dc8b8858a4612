import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const PageLoadFailed = () => {
  const { t } = useTranslation('errors');
  return (
    <Alert color="red" my="md" title={t('chunkLoad.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('chunkLoad.message')}</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('chunkLoad.reload')}
        </Button>
      </Stack>
    </Alert>
  );
};

/**
 * Around what loads with `import()` (the back office's pages, the Markdown renderer, the code editor): when a chunk
 * cannot be fetched, typically because the site was deployed again and the old chunk's name is gone, the visitor
 * gets a message and a reload button in its place, not a blank page. React unmounts the whole app on an error that
 * no boundary catches. It catches a render error of what it surrounds too; the message fits both, and a reload is
 * the one remedy a visitor has for either.
 */
export class ChunkLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
