import { Accordion, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { formatDateTime } from '@/lib/date-format';
import { useRemote } from '@/lib/use-remote';
import { getContestAnnouncements } from '../api/contest-announcements';

/** The contest's visible announcements, unpaged inside the shell (spec 001 §2.2). */
export const ContestAnnouncementList = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const remote = useRemote(() => getContestAnnouncements(cid), [cid]);
  const rows = remote.data?.records ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      {rows.length === 0 && !remote.isLoading ? (
        <EmptyListText py="lg">{t('announcements.empty')}</EmptyListText>
      ) : (
        <Accordion variant="separated">
          {rows.map((row) => (
            <Accordion.Item key={row.id} value={String(row.id)}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Text fw={600}>{row.title}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(row.gmtCreate)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <MarkdownView source={row.content} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Card>
  );
};
