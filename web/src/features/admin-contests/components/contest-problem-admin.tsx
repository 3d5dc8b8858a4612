import { useState } from 'react';
import { Box, Button, Card, ColorInput, Group, Modal, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyListText } from '@/components/empty-list-text';
import { showToast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  getAdminContestProblems,
  removeContestProblem,
  saveContestProblemLink,
  type ContestProblemLink,
} from '../api/admin-contest-problems';
import { AddPublicProblemDialog } from './add-public-problem-dialog';

/**
 * /admin/contest/:id/problems: the contest's problems with display id, title and balloon colour; problems are
 * created or edited in the contest's problem editor, or added from the bank.
 */
export const ContestProblemAdmin = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('adminContests');
  const remote = useRemote(() => getAdminContestProblems({ cid, currentPage: 1, limit: 100 }), [cid]);
  const [isAdding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContestProblemLink | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const links = remote.data?.contestProblemMap ?? {};
  const rows = remote.data?.problemList.records ?? [];
  const save = async () => {
    if (!editing) return;
    try {
      await saveContestProblemLink({
        ...editing,
        cid,
        displayTitle: editing.displayTitle ?? '',
        color: editing.color || null,
      });
      showToast('success', t('problems.saved'));
      setEditing(null);
      remote.reload();
    } catch {
      // Shown by the API client.
    }
  };
  const remove = async (pid: string) => {
    try {
      await removeContestProblem(cid, pid);
      remote.reload();
    } catch {
      // Shown by the API client.
    }
  };
  return (
    <Card withBorder radius="md" padding="md" mt="md">
      <Group justify="space-between" mb="md">
        <Text fw={600}>{t('problems.title')}</Text>
        <Group gap="xs">
          <Button variant="light" onClick={() => setAdding(true)} data-testid="add-public-problem">
            {t('problems.addFromPublic')}
          </Button>
          <Button
            variant="light"
            component={Link}
            href={`/admin/contest/${cid}/problem/create`}
            data-testid="create-contest-problem"
          >
            {t('problems.create')}
          </Button>
        </Group>
      </Group>
      <ScrollArea type="auto">
        <Table striped miw={560} data-testid="contest-problem-admin">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('problems.displayId')}</Table.Th>
              <Table.Th>{t('problems.displayTitle')}</Table.Th>
              <Table.Th>{t('problems.balloon')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const link = links[row.id] ?? { pid: row.id, displayId: '', displayTitle: row.title, color: null };
              return (
                <Table.Tr key={row.id}>
                  <Table.Td>{link.displayId}</Table.Td>
                  <Table.Td>{link.displayTitle ?? row.title}</Table.Td>
                  <Table.Td>
                    <Box w={16} h={16} style={{ borderRadius: 8, background: link.color || '#dee2e6' }} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        href={`/admin/contest/${cid}/problem/${row.id}/edit`}
                        data-testid="edit-contest-problem"
                      >
                        {t('problems.editProblem')}
                      </Button>
                      <Button size="xs" variant="light" onClick={() => setEditing({ ...link, pid: row.id })}>
                        {t('problems.editDisplay')}
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setRemoving(row.id)}>
                        {t('problems.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {rows.length === 0 && !remote.isLoading && <EmptyListText py="lg">{t('problems.empty')}</EmptyListText>}
      <AddPublicProblemDialog
        cid={cid}
        contestType={remote.data?.type ?? null}
        opened={isAdding}
        onClose={() => setAdding(false)}
        onAdded={remote.reload}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('problems.editLink')}>
        {editing && (
          <>
            <TextInput
              label={t('problems.displayId')}
              value={editing.displayId}
              onChange={(e) => setEditing({ ...editing, displayId: e.currentTarget.value })}
            />
            <TextInput
              label={t('problems.displayTitle')}
              value={editing.displayTitle ?? ''}
              onChange={(e) => setEditing({ ...editing, displayTitle: e.currentTarget.value })}
            />
            <ColorInput
              label={t('problems.balloon')}
              value={editing.color ?? ''}
              onChange={(color) => setEditing({ ...editing, color })}
            />
            <Group justify="flex-end" mt="md">
              <Button onClick={() => void save()}>{t('form.save')}</Button>
            </Group>
          </>
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        message={t('problems.removeConfirm')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </Card>
  );
};
