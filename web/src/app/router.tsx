import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { matchRoute, Redirect, Route, useLocation, useRouter } from 'wouter';
import { ChunkLoadBoundary } from '@/components/chunk-load-boundary';
import { websiteConfig } from '@/features/site/state/website-config';
import { showToast } from '@/lib/toast';
import { openAuthDialog } from '@/stores/auth-dialog';
import { clearSession, session } from '@/stores/session';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';
import { decideAccess } from './route-access';
import { appRoutes, type AppRoute } from './route-table';
import { ComingPage } from './routes/coming/coming-page';
import { NotFoundPage } from './routes/not-found/not-found-page';

type Params = Partial<Record<string, string>>;

const useMatchedRoute = (location: string): { route: AppRoute; params: Params } | null => {
  const { parser } = useRouter();
  for (const route of appRoutes) {
    const [isMatch, params] = matchRoute(parser, route.path, location);
    if (isMatch) return { route, params: params as Params };
  }
  return null;
};

/** Spec 000 §2.1: the page title is the route title plus the site's short name. */
const usePageTitle = (name: string) => {
  const { t, i18n } = useTranslation('routes');
  const { shortName } = useSnapshot(websiteConfig);
  useEffect(() => {
    document.title = `${t(name)} - ${shortName}`;
  }, [name, shortName, t, i18n.language]);
};

const Guarded = ({ route, children }: { route: AppRoute; children: ReactNode }) => {
  const { t } = useTranslation('errors');
  const [, navigate] = useLocation();
  const { token, user } = useSnapshot(session);
  const config = useSnapshot(websiteConfig);
  // Snapshots change identity only when the store changes, so the redirect effect runs once per decision.
  const decision = useMemo(
    () =>
      decideAccess(route, {
        hasToken: token !== null,
        roles: user?.roleList ?? [],
        flags: config.isLoaded ? config : null,
      }),
    [route, token, user, config],
  );
  useEffect(() => {
    if (decision.kind !== 'redirect') return;
    if (decision.clearSession) clearSession();
    showToast('warning', t(decision.message));
    navigate(decision.to, { replace: true });
    if (decision.openLogin) openAuthDialog('login');
  }, [decision, navigate, t]);
  return decision.kind === 'allow' ? children : null;
};

export const AppRouter = () => {
  const [location] = useLocation();
  const matched = useMatchedRoute(location);
  usePageTitle(matched?.route.name ?? 'notFound');
  // Spec 002 §2.12: every navigation starts at the top of the page.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  if (location === '/') return <Redirect to="/home" replace />;
  if (!matched) {
    return (
      <MainLayout mode="default" params={{}} hideFooter={false}>
        <NotFoundPage />
      </MainLayout>
    );
  }
  const { route, params } = matched;
  const Page = route.page;
  const content = (
    <Guarded key={route.path} route={route}>
      <Route path={route.path}>
        {Page ? (
          // The back office's pages arrive with their own chunk (back-office-pages.ts).
          <ChunkLoadBoundary>
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader />
                </Center>
              }
            >
              <Page />
            </Suspense>
          </ChunkLoadBoundary>
        ) : (
          <ComingPage name={route.name} />
        )}
      </Route>
    </Guarded>
  );
  if (route.bare) return content;
  if (route.admin) return <AdminLayout>{content}</AdminLayout>;
  return (
    <MainLayout mode={route.mode ?? 'default'} params={params} hideFooter={route.hideFooter ?? false}>
      {content}
    </MainLayout>
  );
};
