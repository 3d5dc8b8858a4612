export { startEmbeddedPostgres, loadEmbeddedPostgres } from '../embedded/embedded-postgres';
export { startNatsServer, findNatsServer } from '../embedded/nats-server';
