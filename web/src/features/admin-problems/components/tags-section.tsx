import { useState } from 'react';
import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import type { Tag } from '@/lib/problem-schemas';
import type { SectionProps } from './section-props';

/** The problem's tags: existing ones by name, new ones created with the problem (new tags get oj ME). */
export const TagsSection = ({ form, onChange, allTags }: SectionProps & { allTags: readonly Tag[] }) => {
  const { t } = useTranslation('adminProblems');
  const [newTag, setNewTag] = useState('');
  const names = [...new Set([...allTags.map((tag) => tag.name), ...form.tags.map((tag) => tag.name)])];
  const select = (selected: string[]) =>
    onChange({
      tags: selected.map((name) => {
        const known = allTags.find((tag) => tag.name === name) ?? form.tags.find((tag) => tag.name === name);
        return { id: known?.id ?? null, name, color: known?.color ?? '' };
      }),
    });
  const add = () => {
    const name = newTag.trim();
    if (!name) return;
    // Spec 002 §5: a duplicate tag is refused with a warning.
    if (form.tags.some((tag) => tag.name === name)) return showToast('warning', t('validation.tagDuplicate'));
    const known = allTags.find((tag) => tag.name === name);
    onChange({ tags: [...form.tags, { id: known?.id ?? null, name, color: known?.color ?? '' }] });
    setNewTag('');
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <MultiSelect
        label={t('fields.tags')}
        data={names}
        value={form.tags.map((tag) => tag.name)}
        onChange={select}
        searchable
        w={320}
      />
      <TextInput label={t('tags.new')} value={newTag} onChange={(e) => setNewTag(e.currentTarget.value)} w={180} />
      <Button variant="light" onClick={add}>
        {t('tags.add')}
      </Button>
    </Group>
  );
};
