// What tests/support/global-setup.ts provides to every integration, e2e and browser test.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** Empty when nats-server is not installed. */
    natsUrl: string;
  }
}
