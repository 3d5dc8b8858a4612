import { ActionIcon, Badge, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@/lib/use-remote';
import { getSystemInfo } from '../api/get-system-info';

const Figure = ({ label, value, testId }: { label: string; value: number | null; testId: string }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fz={28} fw={700} data-testid={testId}>
      {value ?? '--'}
    </Text>
  </Card>
);

/** /developer (spec 000 §2.7): the developers' page with system info — versions, workers, queue depth. */
export const DeveloperView = () => {
  const { t } = useTranslation('systemInfo');
  const info = useRemote(getSystemInfo, []);
  const data = info.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={3} mb="xs">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('about')}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg" data-testid="system-info">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('judge.title')}</Title>
            <ActionIcon variant="default" aria-label={t('refresh')} onClick={info.reload}>
              ↻
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label={t('judge.queueDepth')} value={data?.judge.queueDepth ?? null} testId="queue-depth" />
            <Figure label={t('judge.judging')} value={data?.judge.judging ?? null} testId="judging" />
            <Figure label={t('judge.idleSlots')} value={data?.judge.idleSlots ?? null} testId="idle-slots" />
          </SimpleGrid>
          <Text size="sm" mt="md" mb={4} fw={500}>
            {t('judge.activeJudgers')}
          </Text>
          <Group gap="xs">
            {(data?.judge.activeJudgers ?? []).length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('judge.noneActive')}
              </Text>
            ) : (
              data?.judge.activeJudgers.map((name) => (
                <Badge key={name} variant="light" color="teal">
                  {name}
                </Badge>
              ))
            )}
          </Group>
          <Text size="xs" c="dimmed" mt="sm">
            {t('judge.hint')}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="sm">
            {t('versions.title')}
          </Title>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Node.js</Table.Td>
                <Table.Td data-testid="version-node">{data?.versions.node ?? '--'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>PostgreSQL</Table.Td>
                <Table.Td>{data?.versions.postgres ?? '--'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>NATS</Table.Td>
                <Table.Td>{data?.versions.nats ?? '--'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
      </Stack>
    </Container>
  );
};
