import { useMemo, useState } from 'react';
import { Accordion, Card, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TagGroups } from '../api/get-problem-tags-and-classification';
import { TagChip } from './tag-chip';

type Props = { groups: TagGroups; selected: readonly number[]; onToggle: (tagId: number) => void };

/** The side panel of tags grouped by classification, with a search box (spec 000 §2.3). */
export const TagPanel = ({ groups, selected, onToggle }: Props) => {
  const { t } = useTranslation('problems');
  const [search, setSearch] = useState('');
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return groups
      .map((group) => ({
        ...group,
        tagList: needle ? group.tagList.filter((tag) => tag.name.toLowerCase().includes(needle)) : group.tagList,
      }))
      .filter((group) => group.tagList.length > 0);
  }, [groups, search]);
  return (
    <Card withBorder radius="md" padding="md" data-testid="tag-panel">
      <Text fw={600} mb="xs">
        {t('tags.title')}
      </Text>
      <TextInput
        size="xs"
        placeholder={t('tags.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="sm"
      />
      {filtered.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tags.none')}
        </Text>
      )}
      <Accordion
        // Remounted when the groups arrive, so every classification starts open.
        key={groups.map((g) => g.classification?.id ?? 'other').join(',')}
        multiple
        defaultValue={filtered.map((g) => String(g.classification?.id ?? 'other'))}
        variant="contained"
      >
        {filtered.map((group) => {
          const value = String(group.classification?.id ?? 'other');
          return (
            <Accordion.Item key={value} value={value}>
              <Accordion.Control>
                <Text size="sm">{group.classification?.name ?? t('tags.unclassified')}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Group gap={6}>
                  {group.tagList.map((tag) => (
                    <TagChip
                      key={tag.id}
                      tag={tag}
                      isActive={selected.includes(tag.id)}
                      onClick={() => onToggle(tag.id)}
                    />
                  ))}
                </Group>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Card>
  );
};
