import { Container } from '@mantine/core';
import { ContestList } from '@/features/contests/components/contest-list';

export const ContestListPage = () => (
  <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
    <ContestList />
  </Container>
);
