import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { clearSession } from '@/stores/session';

/** Spec 000 §2.7: calls logout, clears user info and token, goes to /home (even when the call fails). */
export const LogoutPage = () => {
  const [, navigate] = useLocation();
  useEffect(() => {
    let isCurrent = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        if (isCurrent) navigate(paths.home(), { replace: true });
      });
    return () => {
      isCurrent = false;
    };
  }, [navigate]);
  return (
    <Center py={96}>
      <Loader />
    </Center>
  );
};
