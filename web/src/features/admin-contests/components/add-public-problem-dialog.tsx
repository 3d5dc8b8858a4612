import { useState } from 'react';
import { Button, Group, Modal, Pagination, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useRemote } from '../../../lib/use-remote';
import { getAdminProblemList } from '../../admin-problems/api/admin-problems';
import { addProblemFromPublic } from '../api/admin-contest-problems';

type Props = { cid: string; linkedPids: readonly string[]; opened: boolean; onClose: () => void; onAdded: () => void };

/**
 * Candidates from the public bank (reference §1.3: public problems not yet in the contest), read from the
 * problem admin list so the dialog does not depend on the contest call's candidate mode.
 */
export const AddPublicProblemDialog = ({ cid, linkedPids, opened, onClose, onAdded }: Props) => {
  const { t } = useTranslation('adminContests');
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [currentPage, setPage] = useState(1);
  const [displayIds, setDisplayIds] = useState<Record<string, string>>({});
  const remote = useRemote(
    async () =>
      opened ? getAdminProblemList({ currentPage, limit: 10, keyword: applied || undefined, auth: 1 }) : null,
    [currentPage, applied, opened],
  );
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
  const page = remote.data;
  return (
    <Modal opened={opened} onClose={onClose} title={t('problems.addFromPublic')} size="lg">
      <TextInput
        mb="sm"
        placeholder={t('list.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && (setApplied(keyword.trim()), setPage(1))}
      />
      <Table striped data-testid="public-problem-table">
        <Table.Tbody>
          {(page?.records ?? [])
            .filter((row) => !linkedPids.includes(row.id))
            .map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.problemId}</Table.Td>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <TextInput
                      size="xs"
                      w={80}
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
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      {(page?.total ?? 0) > 10 && (
        <Group justify="center" mt="sm">
          <Pagination total={Math.ceil((page?.total ?? 0) / 10)} value={currentPage} onChange={setPage} />
        </Group>
      )}
    </Modal>
  );
};
