import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { commandEnvironmentKeys, loadCommandConfig } from '@oj/command';
import { judgeEnvironmentKeys, loadJudgeConfig, loadWorkerConfig } from '@oj/judge';
import { loadProjectorConfig, projectorEnvironmentKeys } from '@oj/projector';
import { loadQueryConfig, queryEnvironmentKeys } from '@oj/query';
import { apiProcessEnvironmentKeys, loadApiProcessConfig } from './api-process-config';
import { bundleName } from './service-bundle';

// Docker and systemd do not run where this repository is tested: these check what can be checked without
// them (the files parse, every variable is one its process reads and accepts, the cluster is wired as documented).
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const composeDir = path.join(repositoryRoot, 'deploy/compose');
const systemdDir = path.join(repositoryRoot, 'deploy/systemd');

type Environment = Record<string, string>;

/** Each OJ entry point, the variables its config.ts reads, and its loader (which throws on a bad value). */
const entryPoints: Record<string, { keys: readonly string[]; load: (env: Environment) => unknown }> = {
  'scripts/stack/api-main.ts': { keys: apiProcessEnvironmentKeys, load: loadApiProcessConfig },
  'services/command/src/main.ts': { keys: commandEnvironmentKeys, load: loadCommandConfig },
  'services/query/src/main.ts': { keys: queryEnvironmentKeys, load: loadQueryConfig },
  'services/projector/src/main.ts': { keys: projectorEnvironmentKeys, load: loadProjectorConfig },
  'services/judge/src/main.ts': {
    keys: judgeEnvironmentKeys,
    load: (env) => [loadJudgeConfig(env), loadWorkerConfig(env)],
  },
};

/** What an operator's .env would give the ${…} references (compose's own syntax: ${NAME:?msg}, ${NAME:-default}). */
const composeSecrets: Environment = {
  POSTGRES_PASSWORD: 'pg-superuser-secret',
  OJ_DB_PASSWORD: 'oj-service-secret',
  NATS_TOKEN: 'nats-token-secret',
  JWT_SECRET: 'j'.repeat(40),
};

function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (whole: string, name: string, fallback?: string) => {
    const given = composeSecrets[name];
    if (given !== undefined) return given;
    return whole.includes(':-') ? (fallback ?? '') : '';
  });
}

interface ComposeService {
  readonly image?: string;
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly volumes?: readonly string[];
  readonly depends_on?: readonly string[];
  readonly healthcheck?: { readonly test?: readonly string[] };
}

const compose = load(readFileSync(path.join(composeDir, 'compose.yaml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};

/** `npm run bundle:services` (the Dockerfile's build step): the entry points it bundles into dist/services. */
const packageScripts = (
  JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const bundledEntries = (packageScripts['bundle:services'] ?? '').split(' ').filter((part) => part in entryPoints);

/** The entry point whose bundle `file` is (dist/services/<bundle name>.mjs), if any. */
function entryOfBundle(file: string | undefined): string | undefined {
  return Object.keys(entryPoints).find((entry) => file === `dist/services/${bundleName(entry)}.mjs`);
}

function entryOf(service: ComposeService): string | undefined {
  return service.command?.map(entryOfBundle).find((entry) => entry !== undefined);
}

/** The entry a unit's ExecStartPre bundles, when its ExecStart runs exactly that bundle. */
function unitEntry(unitText: string): string | undefined {
  const bundled =
    /^ExecStartPre=\+\/usr\/bin\/node --import tsx scripts\/stack\/bundle-cli\.ts --out-dir dist\/services (\S+)$/m.exec(
      unitText,
    )?.[1];
  const started = /^ExecStart=\/usr\/bin\/node --enable-source-maps (\S+)$/m.exec(unitText)?.[1];
  return bundled !== undefined && entryOfBundle(started) === bundled ? bundled : undefined;
}

describe('npm run bundle:services', () => {
  it('bundles every entry point the deploy files run into dist/services, and the image runs it', () => {
    expect([...bundledEntries].sort()).toEqual(Object.keys(entryPoints).sort());
    expect(packageScripts['bundle:services']).toMatch(/^tsx scripts\/stack\/bundle-cli\.ts --out-dir dist\/services /);
    expect(readFileSync(path.join(composeDir, 'Dockerfile'), 'utf8')).toMatch(/^RUN .*&& npm run bundle:services$/m);
  });

  it('keeps a checkout’s data, secrets and builds out of the image', () => {
    const ignored = readFileSync(path.join(repositoryRoot, '.dockerignore'), 'utf8').split('\n');

    expect(ignored).toEqual(expect.arrayContaining(['.env', '.data/', '.tmp/', '**/node_modules/', '**/dist/']));
  });
});

describe('deploy/compose/compose.yaml', () => {
  it('has the small cluster: two APIs behind a proxy, three NATS nodes, PostgreSQL, a projector and judges', () => {
    const names = Object.keys(compose.services);

    expect(names).toEqual(
      expect.arrayContaining(['proxy', 'api-1', 'api-2', 'nats-1', 'nats-2', 'nats-3', 'postgres', 'projector']),
    );
    const judges = Object.values(compose.services).filter(
      (service) => entryOf(service) === 'services/judge/src/main.ts',
    );
    expect(judges.length).toBe(2);
  });

  it('gives every OJ service only variables its config.ts reads, with values it accepts', () => {
    const ojServices = Object.entries(compose.services).filter(([, service]) => entryOf(service) !== undefined);
    expect(ojServices.length).toBeGreaterThanOrEqual(5);
    for (const [name, service] of ojServices) {
      const entry = present(entryPoints[entryOf(service) ?? ''], name);
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value))]),
      );
      const unknown = Object.keys(env).filter((key) => !entry.keys.includes(key));

      expect(unknown, `${name} sets variables nothing reads`).toEqual([]);
      expect(() => entry.load(env), name).not.toThrow();
    }
  });

  it('probes every OJ service’s readiness: the APIs on /api/ready, the projector and the judges on HEALTH_PORT', () => {
    const ojServices = Object.entries(compose.services).filter(([, service]) => entryOf(service) !== undefined);
    for (const [name, service] of ojServices) {
      const probe = (service.healthcheck?.test ?? []).join(' ');
      const isApi = entryOf(service) === 'scripts/stack/api-main.ts';
      const port = isApi ? service.environment?.PORT : service.environment?.HEALTH_PORT;

      expect(port, `${name} has no port to probe`).toMatch(/^\d+$/);
      expect(probe, name).toContain(`http://127.0.0.1:${port}${isApi ? '/api/ready' : '/ready'}`);
    }
  });

  it('replicates the judge queue on all three NATS nodes and lists every node in each NATS_URL', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const natsUrl = service.environment?.NATS_URL;
      if (natsUrl === undefined) continue;
      expect(natsUrl, name).toMatch(/nats-1:4222.*nats-2:4222.*nats-3:4222/);
      if (entryOf(service) === 'services/judge/src/main.ts') {
        expect(loadWorkerConfig(mapValues(service.environment ?? {})).queue.replicas, name).toBe(3);
      }
    }
  });

  it('mounts a nats-server config per node with its own server_name, JetStream storage and routes to all three', () => {
    for (const node of ['nats-1', 'nats-2', 'nats-3']) {
      const volumes = present(compose.services[node], node).volumes ?? [];
      const mount = present(
        volumes.find((volume) => volume.endsWith(':/etc/nats/nats.conf:ro')),
        `${node}'s config mount`,
      );
      const config = readFileSync(path.join(composeDir, mount.split(':')[0] ?? ''), 'utf8');

      expect(config).toMatch(new RegExp(`^server_name: ${node}$`, 'm'));
      expect(config).toMatch(/jetstream \{\s*store_dir: \/data\/jetstream/);
      for (const peer of ['nats-1', 'nats-2', 'nats-3']) expect(config).toContain(`nats-route://${peer}:6222`);
      expect(config).toContain('token: $NATS_TOKEN');
    }
  });

  it('balances the proxy over both API processes on the port they listen on', () => {
    const nginx = readFileSync(path.join(composeDir, 'nginx.conf'), 'utf8');

    for (const api of ['api-1', 'api-2']) {
      expect(nginx).toContain(`server ${api}:${present(compose.services[api], api).environment?.PORT}`);
    }
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
  });
});

function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

function mapValues(environment: Readonly<Record<string, string>>): Environment {
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value))]));
}

/** KEY=value lines of a systemd EnvironmentFile; blank values are kept (systemd sets them to ""). */
function parseEnvironmentFile(text: string): Environment {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const equals = line.indexOf('=');
      return [line.slice(0, equals), line.slice(equals + 1)] as const;
    });
  return Object.fromEntries(entries);
}

describe('deploy/systemd', () => {
  const units = readdirSync(systemdDir).filter((file) => file.endsWith('.service'));

  it('has one unit per process, each restarted always, started from an entry point that exists', () => {
    expect(units.sort()).toEqual([
      'oj-api.service',
      'oj-command.service',
      'oj-judge.service',
      'oj-projector.service',
      'oj-query.service',
    ]);
    for (const unit of units) {
      const text = readFileSync(path.join(systemdDir, unit), 'utf8');
      const entry = unitEntry(text);

      expect(text, unit).toMatch(/^Restart=always$/m);
      expect(entry && entry in entryPoints, `${unit} starts ${entry}`).toBe(true);
      expect(existsSync(path.join(repositoryRoot, entry ?? ''))).toBe(true);
    }
  });

  it('ships an env file per unit naming only variables its process reads, with values it accepts', () => {
    for (const unit of units) {
      const text = readFileSync(path.join(systemdDir, unit), 'utf8');
      const envFile = /^EnvironmentFile=\/etc\/oj\/(\S+)$/m.exec(text)?.[1];
      const entry = present(entryPoints[unitEntry(text) ?? ''], unit);
      const env = parseEnvironmentFile(readFileSync(path.join(systemdDir, present(envFile, unit)), 'utf8'));

      expect(
        Object.keys(env).filter((key) => !entry.keys.includes(key)),
        envFile,
      ).toEqual([]);
      expect(() => entry.load(env), envFile).not.toThrow();
    }
  });

  it('passes systemd’s own check of every unit (systemd-analyze verify: directives, paths, dependencies)', () => {
    const checked = spawnSync(
      'systemd-analyze',
      ['verify', '--man=no', ...units.map((unit) => path.join(systemdDir, unit))],
      {
        encoding: 'utf8',
      },
    );
    expect(checked.error, 'systemd-analyze is installed by scripts/install-system-packages.sh').toBeUndefined();
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe('');
    expect(checked.status).toBe(0);
  });
});
