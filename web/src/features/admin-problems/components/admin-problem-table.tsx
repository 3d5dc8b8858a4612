import { useEffect, useState } from 'react';
import { Anchor, Button, Card, Group, ScrollArea, Select, Table, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyListText } from '@/components/empty-list-text';
import { ListPager } from '@/components/list-pager';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { formatDateTime } from '@/lib/date-format';
import { changeProblemAuth, deleteProblem, getAdminProblemList, type AdminProblem } from '../api/admin-problems';
import { downloadTestCases } from '../api/test-data-files';
import { ConfirmDialog } from '@/components/confirm-dialog';

const pageSize = 10;

/** /admin/problems: every own-bank problem with visibility, edit, test data download and delete (admin §5.7). */
export const AdminProblemTable = () => {
  const { t } = useTranslation('adminProblems');
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1 });
  const [page, setPage] = useState<{ records: AdminProblem[]; total: number } | null>(null);
  const [version, setVersion] = useState(0);
  const [toDelete, setToDelete] = useState<AdminProblem | null>(null);

  useEffect(() => {
    let isActive = true;
    getAdminProblemList({ keyword: query.keyword || undefined, currentPage: query.currentPage, limit: pageSize })
      .then((reply) => isActive && setPage(reply))
      .catch(() => undefined);
    return () => {
      isActive = false;
    };
  }, [query, version]);

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      showToast('success', message);
      setVersion((v) => v + 1);
    } catch {
      // Shown by the API client.
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" my="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={3}>{t('list.title')}</Title>
        <Group gap="xs">
          <TextInput
            size="xs"
            placeholder={t('list.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && setQuery({ keyword: keyword.trim(), currentPage: 1 })}
          />
          <Button size="xs" component={Link} href="/admin/problem/create">
            {t('list.create')}
          </Button>
          <Button size="xs" variant="default" component={Link} href="/admin/problem/tag">
            {t('list.tags')}
          </Button>
        </Group>
      </Group>
      {page && page.records.length === 0 && <EmptyListText py="lg">{t('list.empty')}</EmptyListText>}
      {page && page.records.length > 0 && (
        <ScrollArea type="auto">
          <Table miw={860} highlightOnHover data-testid="admin-problem-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>{t('fields.problemId')}</Table.Th>
                <Table.Th>{t('fields.title')}</Table.Th>
                <Table.Th>{t('list.author')}</Table.Th>
                <Table.Th>{t('list.modified')}</Table.Th>
                <Table.Th>{t('fields.auth')}</Table.Th>
                <Table.Th>{t('list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.records.map((row) => (
                <Table.Tr key={row.id} data-testid="admin-problem-row">
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} href={paths.problem(row.problemId)}>
                      {row.problemId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.title}</Table.Td>
                  <Table.Td>{row.author}</Table.Td>
                  <Table.Td>{formatDateTime(row.gmtModified)}</Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      w={110}
                      value={String(row.auth ?? 1)}
                      onChange={(v) => v && void run(() => changeProblemAuth(row.id, Number(v)), t('list.authChanged'))}
                      data={[1, 2, 3].map((auth) => ({
                        value: String(auth),
                        label: t(`auth.${auth}`),
                        disabled: auth === 3,
                      }))}
                      allowDeselect={false}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="light" component={Link} href={`/admin/problem/edit/${row.id}`}>
                        {t('list.edit')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="gray"
                        onClick={() => void downloadTestCases(row.id)}
                      >
                        {t('download.button')}
                      </Button>
                      <Button size="compact-xs" variant="light" color="red" onClick={() => setToDelete(row)}>
                        {t('list.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {page && (
        <ListPager
          justify="flex-start"
          total={page.total}
          pageSize={pageSize}
          page={query.currentPage}
          onPage={(currentPage) => setQuery({ ...query, currentPage })}
        />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        message={t('list.deleteConfirm', { id: toDelete?.problemId ?? '' })}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && void run(() => deleteProblem(toDelete.id), t('list.deleted'))}
      />
    </Card>
  );
};
