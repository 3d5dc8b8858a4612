import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The dimmed line a list shows in place of rows when it has none. */
export const EmptyListText = ({ children, py = 'md' }: { children: ReactNode; py?: 'md' | 'lg' }) => (
  <Text c="dimmed" ta="center" py={py}>
    {children}
  </Text>
);
