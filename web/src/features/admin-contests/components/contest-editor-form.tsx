import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { showToast } from '@/lib/toast';
import { createContest, updateContest } from '../api/admin-contests';
import { buildContestBody, validateContestForm } from '../contest-form-state';
import { ContestRuleFields } from './contest-rule-fields';
import { useContestForm } from './use-contest-form';

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO instant ↔ the local "YYYY-MM-DDTHH:mm" of a datetime-local input (the browser shows local time). */
const toLocalInput = (iso: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (text: string) => (text ? new Date(text).toISOString() : '');

type Props = { cid: string | null; uid: string; author: string };

/** Create and edit a contest with every field of reference §1.3; the rule type is locked after creation. */
export const ContestEditorForm = ({ cid, uid, author }: Props) => {
  const { t } = useTranslation('adminContests');
  const [, navigate] = useLocation();
  const { form, patch, hasFailed } = useContestForm(cid, uid, author);
  const [isSaving, setSaving] = useState(false);
  if (hasFailed)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('form.loadFailed')}
      </Text>
    );
  if (!form)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  const save = async () => {
    const problem = validateContestForm(form);
    if (problem) return showToast('warning', t(problem.key, problem.values));
    setSaving(true);
    try {
      if (form.id) await updateContest(buildContestBody(form));
      else await createContest(buildContestBody(form));
      showToast('success', t(form.id ? 'form.updated' : 'form.created'));
      navigate('/admin/contest');
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
    return undefined;
  };
  return (
    <Card withBorder radius="md" padding="md" mt="md">
      <Title order={4} mb="md">
        {t(form.id ? 'form.editTitle' : 'form.createTitle')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('form.title')}
          required
          value={form.title}
          onChange={(e) => patch({ title: e.currentTarget.value })}
          data-testid="contest-form-title"
        />
        <Textarea
          label={t('form.description')}
          required
          autosize
          minRows={4}
          value={form.description}
          onChange={(e) => patch({ description: e.currentTarget.value })}
          data-testid="contest-form-description"
        />
        <Group gap="md" wrap="wrap">
          <TextInput
            type="datetime-local"
            label={t('form.startTime')}
            required
            value={toLocalInput(form.startTime)}
            onChange={(e) => patch({ startTime: fromLocalInput(e.currentTarget.value) })}
            data-testid="contest-form-start"
          />
          <TextInput
            type="datetime-local"
            label={t('form.endTime')}
            required
            value={toLocalInput(form.endTime)}
            onChange={(e) => patch({ endTime: fromLocalInput(e.currentTarget.value) })}
            data-testid="contest-form-end"
          />
        </Group>
        <Group gap="md" wrap="wrap" align="flex-end">
          <Select
            w={160}
            label={t('form.type')}
            value={String(form.type)}
            disabled={form.id !== null}
            onChange={(value) => patch({ type: Number(value ?? 0) })}
            data={[
              { value: '0', label: 'ACM' },
              { value: '1', label: 'OI' },
            ]}
          />
          {form.type === 1 && (
            <Select
              w={180}
              label={t('form.oiRankScoreType')}
              value={form.oiRankScoreType}
              onChange={(value) => patch({ oiRankScoreType: value === 'Highest' ? 'Highest' : 'Recent' })}
              data={[
                { value: 'Recent', label: t('form.recent') },
                { value: 'Highest', label: t('form.highest') },
              ]}
            />
          )}
          <Select
            w={160}
            label={t('form.auth')}
            value={String(form.auth)}
            onChange={(value) => patch({ auth: Number(value ?? 0) })}
            data={[0, 1, 2].map((auth) => ({ value: String(auth), label: t(`auth.${auth}`) }))}
            data-testid="contest-form-auth"
          />
          {form.auth !== 0 && (
            <PasswordInput
              w={200}
              label={t('form.password')}
              required
              value={form.pwd}
              onChange={(e) => patch({ pwd: e.currentTarget.value })}
              data-testid="contest-form-password"
            />
          )}
        </Group>
        <ContestRuleFields form={form} onChange={patch} />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={isSaving} data-testid="contest-form-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
