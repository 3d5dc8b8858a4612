import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const levels: Record<number, { key: string; color: string }> = {
  0: { key: 'easy', color: 'green' },
  1: { key: 'mid', color: 'yellow' },
  2: { key: 'hard', color: 'red' },
};

/** Spec 000 §3: 0 Easy, 1 Mid, 2 Hard; anything else shows 'unknown [n]' (§2.3). */
export const DifficultyBadge = ({ difficulty }: { difficulty: number | null | undefined }) => {
  const { t } = useTranslation('problems');
  const level = difficulty === null || difficulty === undefined ? undefined : levels[difficulty];
  if (!level) {
    return (
      <Badge color="gray" variant="light">
        {t('difficulty.unknown', { n: difficulty ?? '' })}
      </Badge>
    );
  }
  return (
    <Badge color={level.color} variant="light">
      {t(`difficulty.${level.key}`)}
    </Badge>
  );
};
