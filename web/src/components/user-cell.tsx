import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '@/config/paths';

type RankUser = {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
};

/** Avatar, username (linking to /user-home?uid, spec 000 §2.7), nickname and title tag. */
export const UserCell = ({ user }: { user: RankUser }) => (
  <Group gap={8} wrap="nowrap">
    <Avatar src={user.avatar} alt={user.username} size={28} radius="xl" color="indigo">
      {user.username.slice(0, 1).toUpperCase()}
    </Avatar>
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={4} wrap="nowrap">
        <Anchor component={Link} href={paths.userHome({ uid: user.uid })} size="sm" fw={500} truncate>
          {user.username}
        </Anchor>
        {user.titleName && (
          <Badge size="xs" color={user.titleColor ?? 'gray'} variant="filled">
            {user.titleName}
          </Badge>
        )}
      </Group>
      {user.nickname && (
        <Text size="xs" c="dimmed" truncate>
          {user.nickname}
        </Text>
      )}
    </Stack>
  </Group>
);
