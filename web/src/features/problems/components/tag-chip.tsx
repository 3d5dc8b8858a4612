import { Badge } from '@mantine/core';
import type { Tag } from '@/lib/problem-schemas';

/** A tag in its own colour; clickable where a list filters by it. */
export const TagChip = ({ tag, isActive = false, onClick }: { tag: Tag; isActive?: boolean; onClick?: () => void }) => (
  <Badge
    variant={isActive ? 'filled' : 'light'}
    color={tag.color || 'indigo'}
    style={{ cursor: onClick ? 'pointer' : undefined, textTransform: 'none' }}
    onClick={onClick}
  >
    {tag.name}
  </Badge>
);
