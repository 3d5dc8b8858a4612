import Fastify, { type FastifyInstance } from 'fastify';
import { apiServerOptions } from '@oj/platform';
import type { StackConfig } from './config';
import type { StackLog } from './stack-log';
import { registerWebApp } from './web-app';

export interface ApiServerDeps {
  readonly config: StackConfig;
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly jwtSecret: string;
  readonly log: StackLog;
  readonly webDistDir?: string;
}

export interface ApiServer {
  readonly server: FastifyInstance;
  /** Closes the HTTP server, then the pools and stores the APIs use. */
  close(): Promise<void>;
}

/** One Fastify server: the command and query plugins under /api, and the built web app at /. */
export async function buildApiServer(deps: ApiServerDeps): Promise<ApiServer> {
  const server = Fastify(apiServerOptions({ name: 'api', logLevel: deps.config.logLevel }));
  const closers: (() => Promise<void>)[] = [];
  // Wired in the next step, once the command and query plugins exist.
  deps.log.warn('api', 'command and query APIs not wired yet');
  const isWebBuilt = await registerWebApp(server, deps.webDistDir);
  if (!isWebBuilt) deps.log.warn('web', 'web app not built yet: run `npm run build -w web`');
  return {
    server,
    close: async () => {
      await server.close();
      for (const close of closers.reverse()) await close();
    },
  };
}
