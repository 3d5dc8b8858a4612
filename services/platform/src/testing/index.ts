export { startEmbeddedPostgres, loadEmbeddedPostgres } from '../embedded/embedded-postgres';
export { startNatsServer, findNatsServer, natsPidFile } from '../embedded/nats-server';
export { aJudgeReport } from '../judges/judge-report-builders';
