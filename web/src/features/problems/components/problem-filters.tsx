import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { remoteJudges, type ProblemListFilters } from '../problem-list-query';

type Props = {
  filters: ProblemListFilters;
  onChange: (next: ProblemListFilters) => void;
  onReset: () => void;
  onToggleTags: () => void;
  onRandom: () => void;
};

/** Bank, difficulty, keyword, reset, tag column and random problem (spec 000 §2.3). */
export const ProblemFilters = ({ filters, onChange, onReset, onToggleTags, onRandom }: Props) => {
  const { t } = useTranslation('problems');
  const [keyword, setKeyword] = useState(filters.keyword);
  const [shownKeyword, setShownKeyword] = useState(filters.keyword);
  if (shownKeyword !== filters.keyword) {
    setShownKeyword(filters.keyword);
    setKeyword(filters.keyword);
  }
  const apply = (patch: Partial<ProblemListFilters>) => onChange({ ...filters, ...patch, currentPage: 1 });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={t('filters.bank')}
        w={130}
        value={filters.oj || 'All'}
        onChange={(value) => apply({ oj: !value || value === 'All' ? '' : value })}
        data={[
          { value: 'All', label: t('filters.allBanks') },
          { value: 'Mine', label: t('filters.myBank') },
          ...remoteJudges.map((key) => ({ value: key, label: key })),
        ]}
      />
      <SegmentedControl
        value={filters.difficulty === null ? 'all' : String(filters.difficulty)}
        onChange={(value) => apply({ difficulty: value === 'all' ? null : Number(value) })}
        data={[
          { value: 'all', label: t('difficulty.all') },
          { value: '0', label: t('difficulty.easy') },
          { value: '1', label: t('difficulty.mid') },
          { value: '2', label: t('difficulty.hard') },
        ]}
      />
      <TextInput
        label={t('filters.keyword')}
        placeholder={t('filters.keywordPlaceholder')}
        w={200}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Enter' && apply({ keyword: keyword.trim() })}
        onBlur={() => keyword.trim() !== filters.keyword && apply({ keyword: keyword.trim() })}
      />
      <Button variant="default" onClick={onReset}>
        {t('filters.reset')}
      </Button>
      <Button variant="default" onClick={onToggleTags}>
        {t('filters.toggleTags')}
      </Button>
      <Button variant="light" onClick={onRandom}>
        {t('filters.random')}
      </Button>
    </Group>
  );
};
