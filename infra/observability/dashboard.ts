import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@pillars/embedded/paths';
import { z } from 'zod';

/** The dashboard as Grafana provisions it: panels whose targets are PromQL on the provisioned datasource. */
export const Dashboard = z.object({
  uid: z.string(),
  panels: z.array(
    z.object({
      title: z.string(),
      datasource: z.object({ uid: z.string() }),
      targets: z.array(z.object({ expr: z.string().min(1), datasource: z.object({ uid: z.string() }) })).min(1),
    }),
  ),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const DASHBOARD_PATH = 'infra/observability/grafana/dashboards/pillars-overview.json';

export function readDashboard(): Dashboard {
  return Dashboard.parse(JSON.parse(readFileSync(join(REPO_ROOT, DASHBOARD_PATH), 'utf8')));
}

/** A histogram's series as PromQL names them, by the metric a registry holds. */
const HISTOGRAM_SUFFIX = /_(bucket|count|sum)$/;

/**
 * The metrics the dashboard's queries name (ours start with `pillars_`), each as the registry names
 * it: `x_bucket`, `x_count` and `x_sum` are the histogram `x`.
 */
export function dashboardMetrics(dashboard: Dashboard): string[] {
  const names = dashboard.panels.flatMap((panel) =>
    panel.targets.flatMap((target) => target.expr.match(/\bpillars_[a-z0-9_]+/g) ?? []),
  );
  return [...new Set(names.map((name) => name.replace(HISTOGRAM_SUFFIX, '')))].sort();
}
