// Debian's nginx on deploy/nginx.conf, for the scale-out test: a copy of the file with the upstream's server lines
// pointed at the test's instances and the listener on a free loopback port, nothing else changed, run in the
// foreground as a child process under a temporary prefix.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.ts';
import { until } from './server-process.ts';

export const NGINX_CONF = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'nginx.conf');

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface Nginx {
  readonly url: string;
  readonly origin: string;
  /** The lines of nginx's error log so far. */
  errorLog(): string[];
  close(): Promise<void>;
}

/** deploy/nginx.conf with `upstream lowest`'s server lines replaced by one per port, listening on `listenPort`. */
export const renderNginxConf = (conf: string, upstreamPorts: readonly number[], listenPort: number): string => {
  const upstream = /(upstream lowest \{\n)((?:.*\n)*?)(\s*keepalive )/.exec(conf);
  if (!upstream) throw new Error(`${NGINX_CONF} has no upstream lowest block with a keepalive line`);
  const serverLines = upstream[2] ?? '';
  const template = /^\s*server \S+:\d+(.*);$/m.exec(serverLines);
  if (!template) throw new Error(`${NGINX_CONF}: upstream lowest names no server`);
  const rendered = serverLines
    .split('\n')
    .filter((line) => !/^\s*server /.test(line))
    .concat(upstreamPorts.map((port) => `    server 127.0.0.1:${port}${template[1] ?? ''};`))
    .join('\n');
  const withUpstream = conf.replace(upstream[0], `${upstream[1]}${rendered}${upstream[3]}`);
  if (!/^\s*listen 80;$/m.test(withUpstream)) throw new Error(`${NGINX_CONF} has no 'listen 80;' line`);
  return withUpstream.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
};

/** nginx on `port` (a free one unless given) in front of the instances on `upstreamPorts`. */
export const startNginx = async (upstreamPorts: readonly number[], port?: number): Promise<Nginx> => {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx-light (Debian), as .ci/run does');
  const prefix = mkdtempSync(join(tmpdir(), 'lowest-nginx-'));
  // nginx's workers (not root) keep the proxy cache under the prefix, as under /etc/nginx: they must reach into it.
  chmodSync(prefix, 0o755);
  port ??= await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, renderNginxConf(readFileSync(NGINX_CONF, 'utf8'), upstreamPorts, port));
  const errorLog = join(prefix, 'error.log');
  const globals = `daemon off; pid ${join(prefix, 'nginx.pid')}; error_log ${errorLog} info;`;
  const checked = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', conf, '-g', globals], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t refused ${conf}:\n${checked.stderr}`);

  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', globals], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return (await fetch(`${url}/healthz`)).status === 200;
    }, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(
      `nginx did not answer on ${url}: ${stderr} ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`,
      { cause: error },
    );
  }
  return {
    url,
    origin: url,
    errorLog: () =>
      existsSync(errorLog)
        ? readFileSync(errorLog, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
        : [],
    close: async () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
};
