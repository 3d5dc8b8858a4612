import { useState } from 'react';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { rejudgingReasonMaxLength, rejudgingVerdicts, type StageRejudgingBody } from '@oj/contracts';
import { useTranslation } from 'react-i18next';

type Props = { onStage: (body: StageRejudgingBody) => Promise<void> };

const optionalNumber = (value: string | number) => (typeof value === 'number' && value > 0 ? value : undefined);
const instantOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The selection (contest, problem, verdict, language, user, time range) and the required reason. */
export const StageRejudgingForm = ({ onStage }: Props) => {
  const { t } = useTranslation('adminRejudgings');
  const [cid, setCid] = useState<string | number>(() => new URLSearchParams(window.location.search).get('cid') ?? '');
  const [pid, setPid] = useState<string | number>('');
  const [status, setStatus] = useState<string | null>(null);
  const [language, setLanguage] = useState('');
  const [user, setUser] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonMissing = reason.trim().length === 0;

  const submit = async () => {
    setBusy(true);
    try {
      await onStage({
        cid: optionalNumber(Number(cid) || 0),
        pid: optionalNumber(Number(pid) || 0),
        status: (status ?? undefined) as StageRejudgingBody['status'],
        language: language.trim() || undefined,
        user: user.trim() || undefined,
        from: instantOf(from),
        to: instantOf(to),
        reason: reason.trim(),
      });
      setReason('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" data-testid="stage-rejudging-form">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <NumberInput label={t('filters.contest')} value={cid} onChange={setCid} min={1} data-testid="filter-cid" />
        <NumberInput label={t('filters.problem')} value={pid} onChange={setPid} min={1} data-testid="filter-pid" />
        <Select
          label={t('filters.verdict')}
          data={[...rejudgingVerdicts]}
          value={status}
          onChange={setStatus}
          clearable
          data-testid="filter-verdict"
        />
        <TextInput
          label={t('filters.language')}
          value={language}
          onChange={(e) => setLanguage(e.currentTarget.value)}
        />
        <TextInput label={t('filters.user')} value={user} onChange={(e) => setUser(e.currentTarget.value)} />
        <TextInput
          type="datetime-local"
          label={t('filters.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={t('filters.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('filters.reason')}
        description={t('filters.reasonHint')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={rejudgingReasonMaxLength}
        autosize
        minRows={2}
        required
        data-testid="rejudging-reason"
      />
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => void submit()} loading={busy} disabled={reasonMissing} data-testid="stage-rejudging">
          {t('stage')}
        </Button>
      </Group>
    </Card>
  );
};
