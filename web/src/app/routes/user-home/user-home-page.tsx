import { useSearchParams } from 'wouter';
import { UserHomeView } from '@/features/user-home/components/user-home-view';

export const UserHomePage = () => {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? undefined;
  const username = params.get('username') ?? undefined;
  return <UserHomeView key={`${uid ?? ''}|${username ?? ''}`} lookup={{ uid, username }} />;
};
