import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isInProgress, statusInfo } from '../judge-status';

/** One verdict as a coloured tag; in-progress states pulse so a watcher sees the row is still moving. */
export const StatusBadge = ({ status, size = 'md' }: { status: number; size?: 'sm' | 'md' | 'lg' | 'xl' }) => {
  const { t } = useTranslation('submissions');
  const info = statusInfo(status);
  return (
    <Badge
      color={info.color}
      size={size}
      variant={isInProgress(status) ? 'light' : 'filled'}
      data-testid="submission-status"
      data-status={status}
      style={{ textTransform: 'none' }}
    >
      {t(`status.${info.key}`)}
    </Badge>
  );
};
