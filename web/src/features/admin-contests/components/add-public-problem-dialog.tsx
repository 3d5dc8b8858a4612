import { useState } from 'react';
import { Button, Group, Modal, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyListText } from '@/components/empty-list-text';
import { ListPager } from '@/components/list-pager';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { addProblemFromPublic, getAdminContestProblems } from '../api/admin-contest-problems';

type Props = { cid: string; contestType: 0 | 1 | null; opened: boolean; onClose: () => void; onAdded: () => void };

const pageSize = 10;

/**
 * The candidates to add (§1.3 get-problem-list with problemType): problems of the contest's type that it does
 * not hold yet and that are not private, filtered and paged by the server.
 */
export const AddPublicProblemDialog = ({ cid, contestType, opened, onClose, onAdded }: Props) => {
  const { t } = useTranslation('adminContests');
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [currentPage, setPage] = useState(1);
  const [displayIds, setDisplayIds] = useState<Record<string, string>>({});
  const remote = useRemote(
    async () =>
      opened && contestType !== null
        ? getAdminContestProblems({
            cid,
            problemType: contestType,
            currentPage,
            limit: pageSize,
            keyword: applied || undefined,
          })
        : null,
    [cid, contestType, currentPage, applied, opened],
  );
  const search = () => {
    setApplied(keyword.trim());
    setPage(1);
  };
  const add = async (pid: string) => {
    const displayId = displayIds[pid]?.trim();
    if (!displayId) return showToast('warning', t('problems.displayIdRequired'));
    try {
      await addProblemFromPublic(cid, pid, displayId);
      showToast('success', t('problems.added'));
      onAdded();
      remote.reload();
    } catch {
      // Shown by the API client.
    }
    return undefined;
  };
  const list = remote.data?.problemList;
  const rows = list?.records ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('problems.addFromPublic')} size="xl">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <TextInput
          flex={1}
          placeholder={t('problems.searchCandidates')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          data-testid="candidate-search"
        />
        <Button variant="light" onClick={search}>
          {t('problems.search')}
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table striped miw={300} data-testid="public-problem-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('problems.problemId')}</Table.Th>
              <Table.Th>{t('problems.problemTitle')}</Table.Th>
              <Table.Th>{t('problems.displayId')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('problems.author')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.problemId}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {row.title}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <TextInput
                      size="xs"
                      w={56}
                      placeholder={t('problems.displayId')}
                      value={displayIds[row.id] ?? ''}
                      onChange={(e) => setDisplayIds({ ...displayIds, [row.id]: e.currentTarget.value })}
                      data-testid="public-problem-display-id"
                    />
                    <Button size="xs" onClick={() => void add(row.id)} data-testid="public-problem-add">
                      {t('problems.add')}
                    </Button>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{row.author}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText>{t('problems.noCandidates')}</EmptyListText>}
      <ListPager total={list?.total ?? 0} pageSize={pageSize} page={currentPage} onPage={setPage} />
    </Modal>
  );
};
