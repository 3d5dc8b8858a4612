/** The zod-only building blocks the command and query contracts share (the web app bundles them through those). */
export * from './http/bounded-input.contract';
