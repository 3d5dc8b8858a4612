import { ActionIcon, Button, Card, Group, Pagination, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { useRemote } from '@/lib/use-remote';
import { announcementPageSize, getCommonAnnouncements, type Announcement } from '../api/get-common-announcements';
import { formatDateTime } from '@/lib/date-format';

/** Spec 000 §2.2: five a page, a Markdown detail view, refresh and back. */
export const AnnouncementPanel = () => {
  const { t } = useTranslation('home');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Announcement | null>(null);
  const announcements = useRemote(() => getCommonAnnouncements(page), [page]);
  const records = announcements.data?.records ?? [];
  const total = announcements.data?.total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="announcement-panel">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{opened ? opened.title : t('announcements.title')}</Title>
        {opened ? (
          <Button size="xs" variant="default" onClick={() => setOpened(null)}>
            {t('announcements.back')}
          </Button>
        ) : (
          <ActionIcon variant="default" aria-label={t('announcements.refresh')} onClick={announcements.reload}>
            ↻
          </ActionIcon>
        )}
      </Group>
      {opened ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {formatDateTime(opened.gmtCreate)} · {opened.username ?? ''}
          </Text>
          <MarkdownView source={opened.content} testId="announcement-content" />
        </Stack>
      ) : records.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {announcements.isLoading ? t('loading') : t('announcements.empty')}
        </Text>
      ) : (
        <Stack gap={0}>
          {records.map((announcement) => (
            <UnstyledButton
              key={announcement.id}
              onClick={() => setOpened(announcement)}
              py={8}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="announcement-row"
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" fw={500} truncate>
                  {announcement.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatDateTime(announcement.gmtCreate)}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
          {total > announcementPageSize && (
            <Group justify="center" mt="sm">
              <Pagination size="sm" total={Math.ceil(total / announcementPageSize)} value={page} onChange={setPage} />
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
};
