import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@pillars/embedded/paths';
import { ConfigSchema } from '@pillars/platform/config';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { readDashboard } from './dashboard';

// The compose file and the observability profile's configuration, checked without Docker: they
// parse, the ports agree with the config's defaults, and nothing is published beyond this machine.
// That the dashboard names only registered series is checked against the real registries in
// infra/flows/metrics-flow.int.test.ts.

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const defaults = ConfigSchema.parse({});

const Service = z.object({
  profiles: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
  entrypoint: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  healthcheck: z.object({ test: z.array(z.string()).optional(), disable: z.boolean().optional() }).optional(),
});
const compose = z.object({ services: z.record(z.string(), Service) }).parse(parse(read('docker-compose.yml')));
const service = (name: string) => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no ${name} service`);
  return found;
};

const ScrapeConfig = z.object({
  job_name: z.string(),
  metrics_path: z.string(),
  authorization: z.object({ type: z.literal('Bearer'), credentials_file: z.string() }),
  dns_sd_configs: z.array(z.object({ names: z.array(z.string()), type: z.literal('A'), port: z.number() })),
});
const prometheus = z
  .object({ scrape_configs: z.array(ScrapeConfig) })
  .parse(parse(read('infra/observability/prometheus.yml')));

describe('docker-compose.yml', () => {
  it('checks the worker through its /healthz on WORKER_METRICS_PORT and publishes no port of it', () => {
    const worker = service('worker');
    expect(worker.healthcheck?.disable).toBeUndefined();
    expect(worker.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:${defaults.WORKER_METRICS_PORT}/healthz`);
    expect(worker.ports).toBeUndefined();
  });

  it('starts Prometheus and Grafana only with the observability profile, on this machine only', () => {
    for (const name of ['prometheus', 'grafana']) {
      expect(service(name).profiles).toEqual(['observability']);
      for (const port of service(name).ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    for (const [name, { ports }] of Object.entries(compose.services)) {
      for (const port of ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('hands Prometheus the scrape token through the file its configuration reads', () => {
    const files = new Set(prometheus.scrape_configs.map((c) => c.authorization.credentials_file));
    expect(files.size).toBe(1);
    expect(service('prometheus').entrypoint?.join(' ')).toContain(`> ${[...files][0]}`);
  });
});

describe('infra/observability', () => {
  it('scrapes the api on PORT and the worker on WORKER_METRICS_PORT', () => {
    const target = (job: string) => prometheus.scrape_configs.find((c) => c.job_name === job)?.dns_sd_configs[0];
    expect(target('api')).toMatchObject({ names: ['api'], port: defaults.PORT });
    expect(target('worker')).toMatchObject({ names: ['worker'], port: defaults.WORKER_METRICS_PORT });
    for (const config of prometheus.scrape_configs) expect(config.metrics_path).toBe('/metrics');
  });

  it('provisions the dashboard on the provisioned datasource', () => {
    const datasources = z
      .object({ datasources: z.array(z.object({ uid: z.string(), url: z.string() })) })
      .parse(parse(read('infra/observability/grafana/provisioning/datasources/prometheus.yml')));
    const dashboard = readDashboard();
    const uid = datasources.datasources[0]?.uid;
    expect(datasources.datasources[0]?.url).toBe('http://prometheus:9090');
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe(uid);
      for (const target of panel.targets) expect(target.datasource.uid, panel.title).toBe(uid);
    }
  });
});
