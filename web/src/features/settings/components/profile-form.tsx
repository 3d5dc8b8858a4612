import { Button, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { updateUser } from '@/stores/session';
import { changeUserInfo, type ProfileChanges } from '../api/account-calls';

const textFields = ['nickname', 'realname', 'school', 'number', 'blog', 'github', 'cfUsername'] as const;

const initialOf = (user: Readonly<Record<string, unknown>>): ProfileChanges => {
  const text = (key: keyof ProfileChanges) => (typeof user[key] === 'string' ? (user[key] as string) : '');
  return {
    nickname: text('nickname'),
    realname: text('realname'),
    signature: text('signature'),
    blog: text('blog'),
    github: text('github'),
    school: text('school'),
    number: text('number'),
    cfUsername: text('cfUsername'),
    gender: text('gender') || 'secrecy',
  };
};

/** Spec 000 §2.7, the UserInfo section: the profile fields of change-userInfo; the nav follows at once. */
export const ProfileForm = ({ user }: { user: Readonly<Record<string, unknown>> }) => {
  const { t } = useTranslation('settings');
  const [form, setForm] = useState(() => initialOf(user));
  const [isBusy, setBusy] = useState(false);
  const set = (key: keyof ProfileChanges, value: string) => setForm((current) => ({ ...current, [key]: value }));
  const submit = async () => {
    setBusy(true);
    try {
      const saved = await changeUserInfo(form);
      updateUser({
        nickname: saved.nickname,
        avatar: saved.avatar,
        titleName: saved.titleName,
        titleColor: saved.titleColor,
        ...Object.fromEntries(textFields.map((key) => [key, saved[key]])),
        signature: saved.signature,
        gender: saved.gender,
      });
      showToast('success', t('profile.saved'));
    } catch {
      // already toasted
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {textFields.map((key) => (
          <TextInput
            key={key}
            label={t(`profile.${key}`)}
            value={form[key]}
            onChange={(event) => set(key, event.currentTarget.value)}
          />
        ))}
        <Select
          label={t('profile.gender')}
          value={form.gender}
          onChange={(value) => set('gender', value ?? 'secrecy')}
          data={['male', 'female', 'secrecy'].map((value) => ({ value, label: t(`profile.genders.${value}`) }))}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Textarea
        label={t('profile.signature')}
        description={t('profile.signatureHint')}
        autosize
        minRows={3}
        value={form.signature}
        onChange={(event) => set('signature', event.currentTarget.value)}
      />
      <Button onClick={() => void submit()} loading={isBusy} w="fit-content" data-testid="save-profile">
        {t('profile.submit')}
      </Button>
    </Stack>
  );
};
