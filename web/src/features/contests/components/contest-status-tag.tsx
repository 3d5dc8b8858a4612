import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<number, string> = { [-1]: 'yellow', 0: 'green', 1: 'red' };
const keys: Record<number, string> = { [-1]: 'scheduled', 0: 'running', 1: 'ended' };

/** Spec 001 §2.1: Scheduled, Running or Ended, each with its colour. */
export const ContestStatusTag = ({ status }: { status: number }) => {
  const { t } = useTranslation('contests');
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light" data-testid="contest-status">
      {t(`status.${keys[status] ?? 'ended'}`)}
    </Badge>
  );
};
