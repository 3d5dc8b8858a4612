import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { cancelSubmissionJudging, manuallyJudgeSubmission, rejudgeSubmission } from '../api/judge-admin-actions';
import type { Submission } from '../api/submission-schemas';
import { canCancel, canManuallyJudge, manualJudgeChoices } from '../judge-status';

type Props = {
  submission: Pick<Submission, 'submitId' | 'status' | 'score'>;
  /** Called after an action succeeded, so the owner re-reads and polls again. */
  onChanged: () => void;
  compact?: boolean;
};

/** Spec 000 §2.5 and §4: the super admin's rejudge, manual verdict and cancel on one submission. */
export const RootActions = ({ submission, onChanged, compact = false }: Props) => {
  const { t } = useTranslation('submissions');
  const [isManualOpen, setManualOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [score, setScore] = useState<number | string>(submission.score ?? '');
  // The audit trail records why (issue 13): rejudge and cancel ask for a reason before they run.
  const [asking, setAsking] = useState<'rejudge' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const size = compact ? 'compact-xs' : 'xs';
  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      showToast('success', message);
      onChanged();
    } catch {
      // The API client already showed the server's message.
    }
  };
  const saveManual = async () => {
    if (status === null) {
      showToast('warning', t('manual.statusRequired'));
      return;
    }
    const numericScore = typeof score === 'number' ? score : null;
    await run(
      () => manuallyJudgeSubmission(submission.submitId, Number(status), numericScore, reason.trim()),
      t('actions.updated'),
    );
    setManualOpen(false);
    setReason('');
  };
  const confirmAsked = async () => {
    const action = asking;
    setAsking(null);
    if (action === 'rejudge') {
      await run(() => rejudgeSubmission(submission.submitId, reason.trim()), t('actions.rejudged'));
    } else if (action === 'cancel') {
      await run(() => cancelSubmissionJudging(submission.submitId, reason.trim()), t('actions.cancelled'));
    }
    setReason('');
  };
  const reasonInput = (
    <TextInput
      label={t('actions.reason')}
      placeholder={t('actions.reasonPlaceholder')}
      maxLength={500}
      value={reason}
      onChange={(event) => setReason(event.currentTarget.value)}
      data-testid="judge-action-reason"
    />
  );
  return (
    <Group gap={4} wrap="nowrap">
      <Button size={size} variant="light" onClick={() => setAsking('rejudge')}>
        {t('actions.rejudge')}
      </Button>
      <Button
        size={size}
        variant="light"
        color="grape"
        disabled={!canManuallyJudge(submission.status)}
        onClick={() => setManualOpen(true)}
      >
        {t('actions.manualJudge')}
      </Button>
      <Button
        size={size}
        variant="light"
        color="red"
        disabled={!canCancel(submission.status)}
        onClick={() => setAsking('cancel')}
      >
        {t('actions.cancel')}
      </Button>
      <Modal
        opened={isManualOpen}
        onClose={() => setManualOpen(false)}
        title={t('manual.title', { id: submission.submitId })}
      >
        <Stack>
          <Select
            label={t('manual.status')}
            required
            value={status}
            onChange={setStatus}
            data={manualJudgeChoices.map((choice) => ({
              value: String(choice.code),
              label: t(`status.${choice.key}`),
            }))}
            comboboxProps={{ withinPortal: true }}
          />
          {submission.score !== null && submission.score !== undefined && (
            <NumberInput label={t('manual.score')} min={0} value={score} onChange={setScore} />
          )}
          {reasonInput}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setManualOpen(false)}>
              {t('manual.close')}
            </Button>
            <Button onClick={() => void saveManual()}>{t('manual.save')}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'cancel' ? t('actions.cancel') : t('actions.rejudge')}
      >
        <Stack>
          {reasonInput}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('manual.close')}
            </Button>
            <Button onClick={() => void confirmAsked()} data-testid="judge-action-confirm">
              {t('manual.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
};
