import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 000 §2.2: the remote judges HOJ supports, a fixed list kept in the client. */
const remoteJudges = [
  { name: 'HDU', url: 'https://acm.hdu.edu.cn' },
  { name: 'Codeforces', url: 'https://codeforces.com' },
  { name: 'GYM', url: 'https://codeforces.com/gyms' },
  { name: 'POJ', url: 'http://poj.org' },
  { name: 'AtCoder', url: 'https://atcoder.jp' },
  { name: 'SPOJ', url: 'https://www.spoj.com' },
  { name: 'LibreOJ', url: 'https://loj.ac' },
] as const;

export const RemoteJudgesCard = () => {
  const { t } = useTranslation('home');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="remote-judges">
      <Title order={4} mb={4}>
        {t('remoteJudges.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('remoteJudges.hint')}
      </Text>
      <SimpleGrid cols={2} spacing={6}>
        {remoteJudges.map((judge) => (
          <Anchor key={judge.name} href={judge.url} target="_blank" rel="noopener noreferrer" size="sm">
            {judge.name}
          </Anchor>
        ))}
      </SimpleGrid>
    </Card>
  );
};
