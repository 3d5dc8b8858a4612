import { useState } from 'react';
import { Button, Card, Group, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { submitPrintText } from '../api/contest-admin-tools';

/** Spec 001 §5: the print text is required and at least 50 characters. */
export const minimumPrintLength = 50;

export const PrintRequestForm = ({ cid }: { cid: string }) => {
  const { t } = useTranslation('contests');
  const [content, setContent] = useState('');
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    if (!content) return showToast('warning', t('print.required'));
    if (content.length < minimumPrintLength) return showToast('warning', t('print.tooShort'));
    setBusy(true);
    try {
      await submitPrintText(cid, content);
      showToast('success', t('print.succeeded'));
      setContent('');
    } catch {
      // Shown by the API client (the 30 s limit among others).
    } finally {
      setBusy(false);
    }
    return undefined;
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Textarea
        label={t('print.label')}
        description={t('print.length', { length: content.length, minimum: minimumPrintLength })}
        autosize
        minRows={12}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        data-testid="print-content"
      />
      <Group justify="flex-end" mt="md">
        <Button onClick={() => void submit()} loading={isBusy} data-testid="print-submit">
          {t('print.submit')}
        </Button>
      </Group>
    </Card>
  );
};
