import type { ReactNode } from 'react';
import { Box, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { HourglassIcon } from './icons';

type ComingSoonCardProps = { title: string; description: string; children?: ReactNode };

/** The friendly stand-in for a page that a later release fills; never a blank page. */
export const ComingSoonCard = ({ title, description, children }: ComingSoonCardProps) => (
  <Box px="md">
    <Card withBorder radius="lg" padding="xl" maw={560} mx="auto" my={48} data-testid="coming-soon">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="indigo">
          <HourglassIcon size={28} />
        </ThemeIcon>
        <Title order={2} fz={24}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {children}
      </Stack>
    </Card>
  </Box>
);
