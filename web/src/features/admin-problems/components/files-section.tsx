import { useState } from 'react';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import type { ExtraFile } from '../problem-form-state';
import type { SectionProps } from './section-props';

const ExtraFiles = ({
  label,
  files,
  onChange,
}: {
  label: string;
  files: readonly ExtraFile[];
  onChange: (files: ExtraFile[]) => void;
}) => {
  const { t } = useTranslation('adminProblems');
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const add = () => {
    // Spec 002 §5: the extra-file dialog needs a name and content.
    if (!name.trim() || !content) return showToast('warning', t('validation.extraFileRequired'));
    onChange([...files.filter((file) => file.name !== name.trim()), { name: name.trim(), content }]);
    setName('');
    setContent('');
    return undefined;
  };
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={500} mb="xs">
        {label}
      </Text>
      {files.map((file) => (
        <Group key={file.name} justify="space-between">
          <Text ff="monospace" size="sm">
            {file.name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('actions.remove')}
            onClick={() => onChange(files.filter((f) => f.name !== file.name))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Stack gap={4} mt="xs">
        <TextInput
          size="xs"
          placeholder={t('files.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          size="xs"
          placeholder={t('files.content')}
          autosize
          minRows={2}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
        />
        <Button size="xs" variant="light" w="fit-content" onClick={add}>
          {t('files.add')}
        </Button>
      </Stack>
    </Card>
  );
};

/** File IO names and the extra files given to users' programs and to the judge program. */
export const FilesSection = ({ form, onChange }: SectionProps) => {
  const { t } = useTranslation('adminProblems');
  return (
    <Stack gap="sm">
      <Switch
        label={t('fields.fileIo')}
        checked={form.isFileIO}
        onChange={(e) => onChange({ isFileIO: e.currentTarget.checked })}
      />
      {form.isFileIO && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.ioRead')}
            required
            value={form.ioReadFileName}
            onChange={(e) => onChange({ ioReadFileName: e.currentTarget.value })}
          />
          <TextInput
            label={t('fields.ioWrite')}
            required
            value={form.ioWriteFileName}
            onChange={(e) => onChange({ ioWriteFileName: e.currentTarget.value })}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ExtraFiles
          label={t('files.user')}
          files={form.userExtraFiles}
          onChange={(userExtraFiles) => onChange({ userExtraFiles })}
        />
        <ExtraFiles
          label={t('files.judge')}
          files={form.judgeExtraFiles}
          onChange={(judgeExtraFiles) => onChange({ judgeExtraFiles })}
        />
      </SimpleGrid>
    </Stack>
  );
};
