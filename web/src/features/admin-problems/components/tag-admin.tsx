import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import type { Tag } from '@/lib/problem-schemas';
import {
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  getAllProblemTags,
  getClassifications,
  updateTag,
  type TagClassification,
} from '../api/admin-tags';

/** /admin/problem/tag: tags and their classifications (admin §5.9). */
export const TagAdmin = () => {
  const { t } = useTranslation('adminProblems');
  const [tags, setTags] = useState<Tag[]>([]);
  const [classes, setClasses] = useState<TagClassification[]>([]);
  const [version, setVersion] = useState(0);
  const [tagDraft, setTagDraft] = useState({ name: '', color: '#4c6ef5', tcid: null as string | null });
  const [classDraft, setClassDraft] = useState({ name: '', rank: 0 as number | string });

  useEffect(() => {
    let isActive = true;
    void getAllProblemTags()
      .then((rows) => isActive && setTags(rows))
      .catch(() => undefined);
    void getClassifications()
      .then((rows) => isActive && setClasses(rows))
      .catch(() => undefined);
    return () => {
      isActive = false;
    };
  }, [version]);

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      showToast('success', message);
      setVersion((v) => v + 1);
      return true;
    } catch {
      return false;
    }
  };
  const classChoices = classes.map((row) => ({ value: String(row.id), label: row.name }));
  const addTag = async () => {
    if (!tagDraft.name.trim()) return showToast('warning', t('tags.nameRequired'));
    const isDone = await run(
      () =>
        createTag({
          name: tagDraft.name.trim(),
          color: tagDraft.color,
          tcid: tagDraft.tcid ? Number(tagDraft.tcid) : null,
        }),
      t('tags.saved'),
    );
    if (isDone) setTagDraft({ ...tagDraft, name: '' });
    return undefined;
  };
  const addClass = async () => {
    if (!classDraft.name.trim()) return showToast('warning', t('tags.nameRequired'));
    const isDone = await run(
      () => createClassification({ name: classDraft.name.trim(), rank: Number(classDraft.rank) || 0 }),
      t('tags.saved'),
    );
    if (isDone) setClassDraft({ name: '', rank: 0 });
    return undefined;
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} my="lg" spacing="lg">
      <Card withBorder radius="md" padding="lg">
        <Title order={4} mb="sm">
          {t('tags.tagsTitle')}
        </Title>
        <Stack gap="xs" mb="md">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              size="xs"
              label={t('tags.name')}
              value={tagDraft.name}
              onChange={(e) => setTagDraft({ ...tagDraft, name: e.currentTarget.value })}
            />
            <ColorInput
              size="xs"
              w={120}
              label={t('tags.color')}
              value={tagDraft.color}
              onChange={(color) => setTagDraft({ ...tagDraft, color })}
            />
            <Select
              size="xs"
              w={140}
              label={t('tags.classification')}
              data={classChoices}
              value={tagDraft.tcid}
              onChange={(tcid) => setTagDraft({ ...tagDraft, tcid })}
              clearable
            />
            <Button size="xs" onClick={() => void addTag()}>
              {t('tags.add')}
            </Button>
          </Group>
        </Stack>
        <Table>
          <Table.Tbody>
            {tags.map((tag) => (
              <Table.Tr key={tag.id}>
                <Table.Td>
                  <Badge color={tag.color || 'indigo'} style={{ textTransform: 'none' }}>
                    {tag.name}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    w={140}
                    data={classChoices}
                    value={tag.tcid ? String(tag.tcid) : null}
                    placeholder={t('tags.unclassified')}
                    clearable
                    onChange={(tcid) =>
                      void run(
                        () =>
                          updateTag({
                            id: tag.id,
                            name: tag.name,
                            color: tag.color ?? '',
                            tcid: tcid ? Number(tcid) : null,
                          }),
                        t('tags.saved'),
                      )
                    }
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('actions.remove')}
                    onClick={() => void run(() => deleteTag(tag.id), t('tags.deleted'))}
                  >
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {tags.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tags.none')}
          </Text>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={4} mb="sm">
          {t('tags.classesTitle')}
        </Title>
        <Group align="flex-end" mb="md" wrap="wrap">
          <TextInput
            size="xs"
            label={t('tags.name')}
            value={classDraft.name}
            onChange={(e) => setClassDraft({ ...classDraft, name: e.currentTarget.value })}
          />
          <NumberInput
            size="xs"
            w={90}
            label={t('tags.rank')}
            value={classDraft.rank}
            onChange={(rank) => setClassDraft({ ...classDraft, rank })}
          />
          <Button size="xs" onClick={() => void addClass()}>
            {t('tags.add')}
          </Button>
        </Group>
        <Table>
          <Table.Tbody>
            {classes.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{t('tags.rankValue', { rank: row.rank ?? 0 })}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('actions.remove')}
                    onClick={() => void run(() => deleteClassification(row.id), t('tags.deleted'))}
                  >
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {classes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tags.none')}
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
};
