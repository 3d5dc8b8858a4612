import type { FastifyInstance } from 'fastify';
import type { UsersDependencies } from './account-reads/users-dependencies';
import { accountSettingsRoutes } from './account-settings.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { registrationRoutes } from './registration.routes';
import { sessionRoutes } from './session.routes';

/** Session and account calls of api-core §1 (the read-only ones live in the query service). */
export function usersRoutes(app: FastifyInstance, dependencies: UsersDependencies): void {
  registrationRoutes(app, dependencies);
  sessionRoutes(app, dependencies);
  passwordResetRoutes(app, dependencies);
  accountSettingsRoutes(app, dependencies);
}
