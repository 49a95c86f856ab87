import {
  CONTRIBUTOR_RECIPIENTS_MAX,
  ContributorRecipients,
  ContributorsExportQuery,
  ContributorsFilter,
  ContributorsPage,
  ContributorsPageQuery,
  ContributorsResponse,
  ContributorsSummaryResponse,
} from '@pillars/contracts/admin';
import type { AppDeps } from '../../lib/context';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminOperation, csvFile, msSince } from './admin-http';
import { listContributorsPage } from './contributor-list.service';
import { contributorRecipients } from './contributor-recipients.service';
import { contributorsSummary } from './contributors-summary.service';
import { contributorsCsv } from './contributors-export';
import { listContributors } from './contributors.service';

const invalidFilter = 'A filter is invalid';

const contributors = adminOperation('get', '/contributors', {
  summary: 'The newest 10,000 donations, memberships and registrations in one list, with totals of every record',
  ok: json('The dashboard rows and summary', ContributorsResponse),
});
const contributorsPage = adminOperation('get', '/contributors/page', {
  summary: 'One page of the dashboard list, searched, filtered and sorted by the server, paged by cursor',
  query: ContributorsPageQuery,
  ok: json('One page of rows, the cursor of the next (null on the last) and the matching total', ContributorsPage),
  invalid: 'A filter, the sort, the cursor or the limit is invalid',
});
const contributorsExport = adminOperation('get', '/contributors/export', {
  summary: 'Every row the filters match as a CSV file, streamed in the asked order',
  query: ContributorsExportQuery,
  ok: csvFile("The file 'contributors-yyyy-MM-dd.csv'"),
  invalid: 'A filter, the sort or the time zone is invalid',
});
const contributorsSummaryRoute = adminOperation('get', '/contributors/summary', {
  summary: 'The summary cards over the rows the filters match',
  query: ContributorsFilter,
  ok: json('Counts per kind and the money received', ContributorsSummaryResponse),
  invalid: invalidFilter,
});
const contributorsRecipientsRoute = adminOperation('get', '/contributors/recipients', {
  summary: `The distinct e-mail addresses of the rows the filters match, most recent first, at most ${CONTRIBUTOR_RECIPIENTS_MAX.toLocaleString('en-US')}`,
  query: ContributorsFilter,
  ok: json('The addresses, and whether more match than were answered', ContributorRecipients),
  invalid: invalidFilter,
});

/** The dashboard's list of every donation, membership and registration: rows, pages, file, summary, addresses. */
export function contributorsRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = featureRouter();
  openapiRoute(app, contributors, async (c) => {
    const started = performance.now();
    const body = await listContributors(db);
    c.get('logger').info(
      { event: 'admin.contributors', rows: body.contributors.length, ms: msSince(started) },
      'contributors listed',
    );
    return c.json(body, 200);
  });
  openapiRoute(app, contributorsPage, async (c) => {
    const started = performance.now();
    const page = await listContributorsPage(db, c.req.valid('query'));
    c.get('logger').info(
      { event: 'admin.contributors-page', rows: page.contributors.length, ms: msSince(started) },
      'contributors page listed',
    );
    return c.json(page, 200);
  });
  openapiRoute(app, contributorsExport, (c) => {
    const file = contributorsCsv(db, c.get('logger'), c.req.valid('query'));
    return c.body(file.body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    });
  });
  openapiRoute(app, contributorsSummaryRoute, async (c) =>
    c.json(await contributorsSummary(db, c.req.valid('query')), 200),
  );
  openapiRoute(app, contributorsRecipientsRoute, async (c) => {
    const started = performance.now();
    const body = await contributorRecipients(db, c.req.valid('query'));
    c.get('logger').info(
      {
        event: 'admin.contributors-recipients',
        recipients: body.recipients.length,
        capped: body.capped,
        ms: msSince(started),
      },
      'contributor recipients listed',
    );
    return c.json(body, 200);
  });
  return app;
}
