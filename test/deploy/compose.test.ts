// deploy/compose.yaml and deploy/Containerfile, read as a compose engine and a builder would (no engine runs on these
// machines; scripts/check-image.sh builds and runs the image): the files they name exist, the instances sit behind
// nginx.conf's upstream and wait for a healthy database, and both health checks, run as written, pass against a real
// server.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../server/config.ts';
import { startServer, until, type ServerProcess } from '../scale-out/server-process.ts';

const root = join(import.meta.dirname, '..', '..');
const deploy = join(root, 'deploy');
const composeText = readFileSync(join(deploy, 'compose.yaml'), 'utf8');
const containerfile = readFileSync(join(deploy, 'Containerfile'), 'utf8');
const nginxConf = readFileSync(join(deploy, 'nginx.conf'), 'utf8');

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  env_file?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  stop_grace_period?: string;
}
const compose = parse(composeText) as { services: Record<string, Service> };
const instances = ['app1', 'app2'];

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: 'sqlite::memory:' });
  await until(async () => (await fetch(`${server.url}/readyz`)).status === 200);
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

/** Runs a health check's `node -e` script as the engine would, in a process whose PORT is the server's. */
const runCheck = async (test: string[], port: number): Promise<number> => {
  const [kind, program, ...args] = test;
  expect([kind, program]).toEqual(['CMD', 'node']);
  const script = args.map((a) => a.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`));
  return promisify(execFile)(process.execPath, script, { env: { PORT: String(port) } }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? 1,
  );
};

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL, two instances and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'db', 'proxy']);
    expect(compose.services.db?.healthcheck?.test).toEqual(['CMD', 'pg_isready', '-U', 'lowest', '-d', 'lowest']);
  });

  it.each(instances)(
    '%s: built from deploy/Containerfile, TRUST_PROXY=1, started once the database is healthy',
    (name) => {
      const app = compose.services[name] ?? {};
      expect(existsSync(join(deploy, app.build?.context ?? '', app.build?.dockerfile ?? ''))).toBe(true);
      expect(app.env_file).toBe('.env');
      expect(existsSync(join(deploy, '.env.example'))).toBe(true);
      expect(app.environment).toMatchObject({ TRUST_PROXY: '1', PORT: '3000' });
      for (const variable of Object.keys(app.environment ?? {})) expect(CONFIG_VARIABLES).toContain(variable);
      expect(app.depends_on).toEqual({ db: { condition: 'service_healthy' } });
      expect(Number(/^(\d+)s$/.exec(app.stop_grace_period ?? '')?.[1])).toBeGreaterThan(
        loadConfig({}).shutdownGraceSeconds,
      );
    },
  );

  it('puts nginx on deploy/nginx.conf, its upstream naming the instances, once they are healthy', () => {
    const proxy = compose.services.proxy ?? {};
    expect(proxy.volumes).toEqual(['./nginx.conf:/etc/nginx/nginx.conf:ro']);
    expect(proxy.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
    const upstream = /upstream lowest \{([^}]*)\}/.exec(nginxConf)?.[1] ?? '';
    expect([...upstream.matchAll(/^\s*server (\S+);?/gm)].map((m) => m[1]?.split(' ')[0])).toEqual([
      'app1:3000',
      'app2:3000',
    ]);
  });

  it('takes from the environment only POSTGRES_PASSWORD, refusing to start without it', () => {
    expect([...new Set([...composeText.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]))]).toEqual([
      'POSTGRES_PASSWORD:?set POSTGRES_PASSWORD',
    ]);
  });

  it("an instance's health check, run as written, passes on a ready server and fails when nothing listens", async () => {
    const test = compose.services.app1?.healthcheck?.test ?? [];
    expect(test.join(' ')).toContain('/readyz');
    expect(await runCheck(test, server.port)).toBe(0);
    expect(await runCheck(test, 9)).not.toBe(0);
  });
});

describe('deploy/Containerfile', () => {
  const stages = [...containerfile.matchAll(/^FROM (\S+) AS (\S+)$/gm)].map((m) => ({ from: m[1], name: m[2] }));
  const stage = (name: string) => containerfile.split(/^FROM /m).find((part) => part.includes(` AS ${name}\n`)) ?? '';

  it('takes the Node image as a build argument, builds in one stage and runs production dependencies in another', () => {
    expect(containerfile).toMatch(/^ARG NODE_IMAGE=\S+$/m);
    expect(stages).toEqual([
      { from: '${NODE_IMAGE}', name: 'toolchain' },
      { from: 'toolchain', name: 'build' },
      { from: 'toolchain', name: 'production-dependencies' },
      { from: '${NODE_IMAGE}', name: 'runtime' },
    ]);
    expect(stage('build')).toMatch(/RUN npm ci[^\n]*\n(.*\n)*RUN npm run build/);
    expect(stage('production-dependencies')).toContain('RUN npm ci --omit=dev');
    expect(stage('runtime')).toContain('COPY --from=production-dependencies /app/node_modules node_modules');
  });

  it('runs as a user of its own, stops with SIGTERM, starts the compiled server', () => {
    const runtime = stage('runtime');
    expect(runtime).toMatch(/^USER lowest$/m);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(runtime).toMatch(/^CMD \["node", "--max-semi-space-size=8", "dist\/server\/main\.js"\]$/m);
  });

  it('has a HEALTHCHECK on /healthz that, run as written, passes on a live server', async () => {
    const check = /^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m.exec(containerfile)?.[1];
    const test = ['CMD', ...(JSON.parse(check ?? '[]') as string[])];
    expect(test.join(' ')).toContain('/healthz');
    expect(await runCheck(test, server.port)).toBe(0);
    expect(await runCheck(test, 9)).not.toBe(0);
  });
});
