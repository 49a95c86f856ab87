import { adminTexts } from '../admin-texts';
import { type AdminNewsQuery, ArticleStatus, articleDisplayState } from '@pillars/contracts/admin';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { formatEventDateTime } from '@/lib/format-date';
import { adminNewsTexts } from '../admin-news-texts';
import { useAdminNewsList } from '../api/admin-news';
import { AdminEmpty, AdminLoading, AdminPage } from '../components/admin-page';
import { NewItemLink } from '../components/new-item-link';
import { QueryLoadError } from '../components/admin-load-error';
import { cardClasses, fieldClasses, smallButton } from '../components/admin-styles';
import { FilterInput } from '../components/filter-input';
import { ArticleStateBadge } from '../components/article-state-badge';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError } from '../lib/format';
import { FieldLabel } from '../components/field-label';

function SearchForm({ applied, onApply }: { applied: AdminNewsQuery; onApply: (query: AdminNewsQuery) => void }) {
  const id = useId();
  const [q, setQ] = useState(applied.q ?? '');
  const [status, setStatus] = useState<string>(applied.status ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ArticleStatus.safeParse(status);
    onApply({ ...(q.trim() ? { q: q.trim() } : {}), ...(parsed.success ? { status: parsed.data } : {}) });
  };
  return (
    <form role="search" onSubmit={submit} className={cardClasses}>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <FilterInput id={`${id}-q`} label={adminNewsTexts.searchLabel} type="search" value={q} onChange={setQ} />
        <div>
          <FieldLabel htmlFor={`${id}-status`}>{adminNewsTexts.stateFilterLabel}</FieldLabel>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            className={fieldClasses}
          >
            <option value="">{adminNewsTexts.allStates}</option>
            <option value="draft">{adminNewsTexts.states.draft}</option>
            <option value="published">{adminNewsTexts.states.published}</option>
          </select>
        </div>
        <button type="submit" className={smallButton('primary')}>
          {adminNewsTexts.search}
        </button>
      </div>
    </form>
  );
}

/** /admin/news: every article, drafts and scheduled ones included, newest first. */
export function AdminNewsPage() {
  const [query, setQuery] = useState<AdminNewsQuery>({});
  const list = useAdminNewsList(query);
  useRedirectOnUnauthorized(list.error);
  const now = new Date();
  const filtered = Boolean(query.q || query.status);

  return (
    <AdminPage
      title={adminNewsTexts.listTitle}
      backLink
      intro={<p>{adminNewsTexts.listIntro}</p>}
      actions={
        <NewItemLink href="/admin/news/new" className={smallButton('primary')} label={adminNewsTexts.newArticle} />
      }
    >
      <SearchForm applied={query} onApply={setQuery} />
      {list.isPending ? (
        <AdminLoading text={adminNewsTexts.loading} />
      ) : list.isError ? (
        <QueryLoadError
          text={adminNewsTexts.loadError(describeError(list.error))}
          hint={adminTexts.loadFailedHint('the articles')}
          query={list}
        />
      ) : list.data.data.length === 0 ? (
        <AdminEmpty text={filtered ? adminNewsTexts.noArticles : adminNewsTexts.noArticlesAtAll} />
      ) : (
        <ul aria-label={adminNewsTexts.listLabel} className="space-y-3">
          {list.data.data.map((article) => {
            const state = articleDisplayState(article.status, article.publishedAt, now);
            const when = formatEventDateTime(article.publishedAt);
            return (
              <li
                key={article.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <h2 className="font-display text-lg font-bold break-words text-navy-900">{article.title}</h2>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <ArticleStateBadge state={state} />
                    <time dateTime={article.publishedAt}>
                      {state === 'draft'
                        ? adminNewsTexts.notPublished
                        : state === 'scheduled'
                          ? adminNewsTexts.scheduledFor(when)
                          : adminNewsTexts.publishedOn(when)}
                    </time>
                  </p>
                </div>
                <Link
                  href={`/admin/news/${article.id}`}
                  aria-label={adminNewsTexts.editLabel(article.title)}
                  className={smallButton('outline', 'shrink-0 self-start sm:self-center')}
                >
                  {adminNewsTexts.edit}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}
