import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { loadWebsiteConfig } from '@/features/site/state/website-config';
import { syncFromStorage } from '@/stores/session';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** Spec 000 §4: a tab that becomes visible takes the session another tab may have changed. */
const useSessionSync = () => {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (syncFromStorage() === 'signed-out') {
        navigate(window.location.pathname.startsWith('/admin') ? '/admin/login' : '/home');
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
};

export const App = () => {
  useSessionSync();
  useEffect(() => {
    void loadWebsiteConfig();
  }, []);
  return (
    <AppProviders>
      <AppRouter />
      <AuthDialogs />
    </AppProviders>
  );
};
