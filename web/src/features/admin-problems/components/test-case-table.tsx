import { ActionIcon, Button, NumberInput, ScrollArea, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { splitScores, type TestCaseRow } from '../problem-form-state';

type Props = {
  rows: readonly TestCaseRow[];
  isManual: boolean;
  isOi: boolean;
  isSubtask: boolean;
  onChange: (rows: TestCaseRow[]) => void;
};

/** Uploaded file pairs (names only) or manual samples (text), each with its OI score and subtask group. */
export const TestCaseTable = ({ rows, isManual, isOi, isSubtask, onChange }: Props) => {
  const { t } = useTranslation('adminProblems');
  const set = (index: number, patch: Partial<TestCaseRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const add = () => {
    const next = [...rows, { input: '', output: '', score: 0, groupNum: 1 }];
    const scores = splitScores(next.length);
    onChange(isOi ? next.map((row, i) => ({ ...row, score: scores[i] ?? 0 })) : next);
  };
  return (
    <>
      {rows.length === 0 && !isManual && (
        <Text size="sm" c="dimmed">
          {t('testData.none')}
        </Text>
      )}
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table miw={480} data-testid="test-case-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>{t('testData.input')}</Table.Th>
                <Table.Th>{t('testData.output')}</Table.Th>
                {isOi && <Table.Th w={100}>{t('testData.score')}</Table.Th>}
                {isOi && isSubtask && <Table.Th w={100}>{t('testData.group')}</Table.Th>}
                {isManual && <Table.Th w={40} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    {isManual ? (
                      <Textarea
                        aria-label={t('testData.input')}
                        autosize
                        minRows={1}
                        value={row.input}
                        onChange={(e) => set(index, { input: e.currentTarget.value })}
                        styles={{ input: { fontFamily: 'monospace' } }}
                      />
                    ) : (
                      <Text ff="monospace" size="sm">
                        {row.input}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {isManual ? (
                      <Textarea
                        aria-label={t('testData.output')}
                        autosize
                        minRows={1}
                        value={row.output}
                        onChange={(e) => set(index, { output: e.currentTarget.value })}
                        styles={{ input: { fontFamily: 'monospace' } }}
                      />
                    ) : (
                      <Text ff="monospace" size="sm">
                        {row.output}
                      </Text>
                    )}
                  </Table.Td>
                  {isOi && (
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        value={row.score}
                        onChange={(v) => set(index, { score: typeof v === 'number' ? v : '' })}
                      />
                    </Table.Td>
                  )}
                  {isOi && isSubtask && (
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={1}
                        value={row.groupNum}
                        onChange={(v) => set(index, { groupNum: typeof v === 'number' ? v : 0 })}
                      />
                    </Table.Td>
                  )}
                  {isManual && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('actions.remove')}
                        onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      >
                        ✕
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {isManual && (
        <Button size="xs" variant="light" w="fit-content" onClick={add}>
          {t('testData.addCase')}
        </Button>
      )}
    </>
  );
};
