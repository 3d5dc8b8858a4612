import { Anchor, Avatar, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '@/components/markdown/safe-url';
import { formatDateTime } from '@/lib/date-format';
import type { UserHome } from '../api/get-user-home';

const ExternalLink = ({ label, url }: { label: string; url: string | null }) => {
  if (!url) return null;
  const href = safeUrl(url);
  return (
    <Text size="sm">
      {label}:{' '}
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow">
          {url}
        </Anchor>
      ) : (
        url
      )}
    </Text>
  );
};

const Figure = ({ label, value, testId }: { label: string; value: string | number; testId: string }) => (
  <Stack gap={0} align="center">
    <Text fz={24} fw={700} data-testid={testId}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
  </Stack>
);

/** Spec 000 §2.6: avatar, login time, gender, title, nickname, school, links and the four counts. */
export const ProfileSummary = ({ user }: { user: UserHome }) => {
  const { t } = useTranslation('userHome');
  const score = user.scoreList.reduce((sum, value) => sum + value, 0);
  // 'secrecy' (the default) shows nothing, as on HOJ.
  const gender = user.gender === 'male' || user.gender === 'female' ? user.gender : null;
  return (
    <Stack align="center" gap="xs">
      <Avatar src={user.avatar} alt={user.username} size={120} radius={120} color="indigo" mt={-70}>
        {user.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <Group gap={6}>
        <Title order={3} data-testid="user-home-username">
          {user.username}
        </Title>
        {user.titleName && (
          <Badge color={user.titleColor ?? 'gray'} variant="filled">
            {user.titleName}
          </Badge>
        )}
        {gender && (
          <Badge variant="light" color={gender === 'female' ? 'pink' : 'blue'}>
            {t(`gender.${gender}`)}
          </Badge>
        )}
      </Group>
      {user.nickname && (
        <Text c="dimmed" data-testid="user-home-nickname">
          {user.nickname}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('recentLogin')}: {formatDateTime(user.recentLoginTime)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl" my="sm" w="100%" maw={520}>
        <Figure label={t('figures.submissions')} value={user.total} testId="user-home-total" />
        <Figure label={t('figures.solved')} value={user.solvedList.length} testId="user-home-solved" />
        <Figure label={t('figures.score')} value={score} testId="user-home-score" />
        <Figure label={t('figures.rating')} value={user.rating ?? '--'} testId="user-home-rating" />
      </SimpleGrid>
      <Stack gap={2} align="center">
        {user.school && (
          <Text size="sm">
            {t('school')}: {user.school}
          </Text>
        )}
        <ExternalLink label="GitHub" url={user.github} />
        <ExternalLink label={t('blog')} url={user.blog} />
      </Stack>
    </Stack>
  );
};
