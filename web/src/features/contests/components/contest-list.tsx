import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { EmptyListText } from '@/components/empty-list-text';
import { LockIcon, TrophyIcon } from '@/components/icons';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/lib/date-format';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { openAuthDialog } from '@/stores/auth-dialog';
import { session } from '@/stores/session';
import { getContestList } from '../api/get-contest-list';
import { durationText } from '../contest-rules';
import { outsideBoardPath } from '../contest-tab-paths';
import { ContestStatusTag } from './contest-status-tag';

const pageSize = 10;

const parse = (search: string) => {
  const params = new URLSearchParams(search);
  const number = (key: string) =>
    params.get(key) === null || params.get(key) === '' ? undefined : Number(params.get(key));
  return {
    status: number('status'),
    type: number('type'),
    keyword: params.get('keyword') ?? '',
    currentPage: Math.max(1, number('currentPage') ?? 1),
  };
};
type Filters = ReturnType<typeof parse>;

const toSearch = (filters: Filters) => {
  const params = new URLSearchParams();
  if (filters.status !== undefined) params.set('status', String(filters.status));
  if (filters.type !== undefined) params.set('type', String(filters.type));
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.currentPage > 1) params.set('currentPage', String(filters.currentPage));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** /contest (spec 001 §2.1): filters in the query string, any change back to page 1. */
export const ContestList = () => {
  const { t } = useTranslation('contests');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { token } = useSnapshot(session);
  const filters = parse(search);
  const [keyword, setKeyword] = useState(filters.keyword);
  const remote = useRemote(() => getContestList({ ...filters, limit: pageSize }), [search]);
  const apply = (change: Partial<Filters>) =>
    navigate(`/contest${toSearch({ ...filters, ...change, currentPage: 1 })}`);
  const open = (cid: string) => {
    if (token) return navigate(`/contest/${cid}`);
    showToast('warning', t('errors:guard.loginFirst'));
    openAuthDialog('login');
    return undefined;
  };
  const rows = remote.data?.records ?? [];
  const choice = (value: number | undefined) => (value === undefined ? null : String(value));
  return (
    <Card withBorder radius="md" padding="md">
      <Group mb="md" gap="sm" wrap="wrap">
        <Select
          w={140}
          clearable
          placeholder={t('list.rule')}
          value={choice(filters.type)}
          onChange={(v) => apply({ type: v === null ? undefined : Number(v) })}
          data={[
            { value: '0', label: 'ACM' },
            { value: '1', label: 'OI' },
          ]}
        />
        <Select
          w={140}
          clearable
          placeholder={t('list.statusFilter')}
          value={choice(filters.status)}
          onChange={(v) => apply({ status: v === null ? undefined : Number(v) })}
          data={[
            { value: '-1', label: t('status.scheduled') },
            { value: '0', label: t('status.running') },
            { value: '1', label: t('status.ended') },
          ]}
        />
        <TextInput
          w={220}
          placeholder={t('list.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && apply({ keyword })}
          data-testid="contest-keyword"
        />
      </Group>
      <ScrollArea type="auto">
        <Table
          miw={{ base: 0, sm: 820 }}
          verticalSpacing="sm"
          highlightOnHover
          style={{ whiteSpace: 'nowrap' }}
          data-testid="contest-table"
        >
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="contest-row">
                <Table.Td w={40}>
                  <Text c={row.type === 1 ? 'orange' : 'blue'} title={row.type === 1 ? 'OI' : 'ACM'} lh={1}>
                    <TrophyIcon size={22} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Anchor onClick={() => open(row.id)} fw={600} data-testid="contest-link">
                        {row.title}
                      </Anchor>
                      {row.auth !== 0 && (
                        <Text
                          c={row.auth === 1 ? 'red' : 'orange'}
                          title={t(row.auth === 1 ? 'auth.private' : 'auth.protected')}
                          lh={1}
                        >
                          <LockIcon size={16} />
                        </Text>
                      )}
                      {row.gid && (
                        <Badge
                          size="xs"
                          component={Link}
                          href={`/group/${row.gid}/contest`}
                          style={{ cursor: 'pointer' }}
                        >
                          {t('list.group')}
                        </Badge>
                      )}
                    </Group>
                    <Group gap={6} wrap="wrap">
                      {/* The status column is hidden on phones: the tag opens the details line there. */}
                      <Box hiddenFrom="sm" lh={1}>
                        <ContestStatusTag status={row.status} />
                      </Box>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
                        {formatDateTime(row.startTime)} · {t('list.duration', { text: durationText(row) })}
                        {row.count != null && ` · ${t('list.participants', { count: row.count })}`}
                      </Text>
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant="outline">{row.type === 1 ? 'OI' : 'ACM'}</Badge>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant="light" color={row.auth === 1 ? 'red' : row.auth === 2 ? 'orange' : 'blue'}>
                    {t(`auth.${row.auth === 1 ? 'private' : row.auth === 2 ? 'protected' : 'public'}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {row.openRank && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={row.status === -1}
                      onClick={() => navigate(outsideBoardPath(row.id, row.type))}
                    >
                      {t('list.scoreboard')}
                    </Button>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <ContestStatusTag status={row.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText py="lg">{t('list.empty')}</EmptyListText>}
      <ListPager
        total={remote.data?.total ?? 0}
        pageSize={pageSize}
        page={filters.currentPage}
        onPage={(currentPage) => navigate(`/contest${toSearch({ ...filters, currentPage })}`)}
      />
    </Card>
  );
};
