import { Button, Group, Modal, SegmentedControl, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { showToast } from '@/lib/toast';
import type { Announcement, AnnouncementDraft } from '../api/admin-announcements';

type Props = {
  /** null: a new announcement. */
  announcement: Announcement | null;
  onSave: (draft: AnnouncementDraft) => Promise<void>;
  onClose: () => void;
};

/** The create/edit dialog: title, Markdown content with a preview, and the visible flag. */
export const AnnouncementEditor = ({ announcement, onSave, onClose }: Props) => {
  const { t } = useTranslation('adminHome');
  const [title, setTitle] = useState(announcement?.title ?? '');
  const [content, setContent] = useState(announcement?.content ?? '');
  const [isVisible, setVisible] = useState((announcement?.status ?? 0) === 0);
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [isBusy, setBusy] = useState(false);
  const save = async () => {
    if (!title.trim()) return showToast('warning', t('announcements.titleRequired'));
    setBusy(true);
    try {
      await onSave({ title: title.trim(), content, status: isVisible ? 0 : 1 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={announcement ? t('announcements.edit') : t('announcements.create')}
    >
      <Stack gap="sm">
        <TextInput
          label={t('announcements.fields.title')}
          required
          value={title}
          maxLength={255}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <SegmentedControl
          w="fit-content"
          size="xs"
          value={view}
          onChange={(value) => setView(value === 'preview' ? 'preview' : 'write')}
          data={[
            { value: 'write', label: t('announcements.write') },
            { value: 'preview', label: t('announcements.preview') },
          ]}
        />
        {view === 'write' ? (
          <Textarea
            label={t('announcements.fields.content')}
            autosize
            minRows={8}
            maxRows={20}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
        ) : (
          <MarkdownView source={content} />
        )}
        <Switch
          label={t('announcements.fields.visible')}
          checked={isVisible}
          onChange={(event) => setVisible(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} loading={isBusy} data-testid="save-announcement">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
