import { Anchor, Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-format';
import type { Submission } from '../api/submission-schemas';
import { formatLength, formatMemory, formatTime, emptyValue } from '../measures';
import { RootActions } from './root-actions';
import { StatusBadge } from './status-badge';

type Props = {
  rows: readonly Submission[];
  viewerUid: string | null;
  isRoot: boolean;
  onChanged: () => void;
  /** The problem page's "my submissions" tab leaves out the problem and user columns. */
  isCompact?: boolean;
  /** Contest lists link to the contest's problem and submission pages. */
  links?: { problem: (row: Submission) => string; submission: (row: Submission) => string };
};

/** The submission rows of spec 000 §2.5; the viewer's own rows are marked. */
export const SubmissionTable = ({ rows, viewerUid, isRoot, onChanged, isCompact = false, links }: Props) => {
  const { t } = useTranslation('submissions');
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" offsetScrollbars="present">
      <Table
        striped
        highlightOnHover
        miw={isCompact ? 520 : 980}
        verticalSpacing="xs"
        style={{ whiteSpace: 'nowrap' }}
        data-testid="submission-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.runId')}</Table.Th>
            {!isCompact && <Table.Th>{t('columns.problem')}</Table.Th>}
            {!isCompact && <Table.Th>{t('columns.author')}</Table.Th>}
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.score')}</Table.Th>
            <Table.Th>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.memory')}</Table.Th>
            {!isCompact && <Table.Th>{t('columns.length')}</Table.Th>}
            <Table.Th>{t('columns.language')}</Table.Th>
            <Table.Th>{t('columns.submitTime')}</Table.Th>
            {isRoot && !isCompact && <Table.Th>{t('columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isOwn = viewerUid !== null && row.uid === viewerUid;
            return (
              <Table.Tr
                key={row.submitId}
                data-testid="submission-row"
                data-submit-id={row.submitId}
                data-own={isOwn}
                bg={isOwn ? 'var(--mantine-color-indigo-0)' : undefined}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    href={links ? links.submission(row) : paths.submission(row.submitId)}
                    size="sm"
                  >
                    {row.submitId}
                  </Anchor>
                </Table.Td>
                {!isCompact && (
                  <Table.Td>
                    <Anchor
                      component={Link}
                      href={links ? links.problem(row) : paths.problem(row.displayPid ?? '')}
                      size="sm"
                    >
                      {row.displayPid ?? row.displayId} {row.title}
                    </Anchor>
                  </Table.Td>
                )}
                {!isCompact && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Anchor component={Link} href={paths.userHome({ uid: row.uid ?? undefined })} size="sm">
                        {row.username}
                      </Anchor>
                      {isOwn && (
                        <Badge size="xs" variant="light">
                          {t('list.mine')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <StatusBadge status={row.status} size="sm" />
                    {row.isManual && (
                      <Badge size="xs" color="gray" variant="outline">
                        {t('list.manual')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{row.score ?? emptyValue}</Table.Td>
                <Table.Td>{formatTime(row.time)}</Table.Td>
                <Table.Td>{formatMemory(row.memory)}</Table.Td>
                {!isCompact && <Table.Td>{formatLength(row.length)}</Table.Td>}
                <Table.Td>
                  <Anchor
                    component={Link}
                    href={links ? links.submission(row) : paths.submission(row.submitId)}
                    size="sm"
                  >
                    {row.language ?? emptyValue}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.submitTime)}
                  </Text>
                </Table.Td>
                {isRoot && !isCompact && (
                  <Table.Td>
                    <RootActions submission={row} onChanged={onChanged} compact />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};
