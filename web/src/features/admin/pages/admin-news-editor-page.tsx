import { slugify } from '@pillars/contracts';
import { type AdminNewsArticle, type ArticleStatus, articleDisplayState } from '@pillars/contracts/admin';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { ArticleView } from '@/features/news/components/article-view';
import { ApiRequestError } from '@/lib/api';
import { apiErrorMessage } from '@/lib/api-error-message';
import { adminNewsTexts } from '../admin-news-texts';
import { adminTexts } from '../admin-texts';
import { useAdminNewsArticle, useSaveArticle } from '../api/admin-news';
import { AdminLoading, AdminPage } from '../components/admin-page';
import { QueryLoadError } from '../components/admin-load-error';
import { cardClasses, linkClasses, smallButton } from '../components/admin-styles';
import { DeleteArticle, UnpublishArticle } from '../components/article-actions';
import { PublishedAtField, TextField } from '../components/article-fields';
import { ArticleStateBadge } from '../components/article-state-badge';
import { ImageField } from '../components/image-field';
import { useRedirectOnUnauthorized, useSignOutOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import {
  type ArticleDraft,
  type FieldErrors,
  draftOf,
  emptyDraft,
  inputOf,
  previewOf,
  savedText,
  validate,
} from '../lib/article-draft';
import { describeError } from '../lib/format';
import { fromZonedInput, toZonedInput } from '../lib/publish-time';

/** The summary and the body: multi-line, the body the taller. */
const bodyFields = [
  { key: 'excerpt', label: adminNewsTexts.excerptLabel, hint: adminNewsTexts.excerptHint, rows: 3 },
  { key: 'content', label: adminNewsTexts.contentLabel, hint: adminNewsTexts.contentHint, rows: 12 },
] as const;

function Editor({ id, article }: { id: string | null; article: AdminNewsArticle | null }) {
  const [draft, setDraft] = useState<ArticleDraft>(article ? draftOf(article) : emptyDraft);
  // The article's state as last saved: Save keeps it, Publish and Unpublish change it.
  const [status, setStatus] = useState<ArticleStatus>(article?.status ?? 'draft');
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new article's editor moves to its own address once saved, and says so there.
  const justCreated = new URLSearchParams(useSearch()).has('saved');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    justCreated ? { tone: 'success', text: adminNewsTexts.saved } : null,
  );
  const save = useSaveArticle();
  const signOut = useSignOutOnUnauthorized();
  const [, navigate] = useLocation();
  const noticeRef = useRef<HTMLDivElement>(null);
  const now = new Date();
  const set = (change: Partial<ArticleDraft>) => setDraft((current) => ({ ...current, ...change }));
  /** A text field's value, error and change. */
  const bind = (key: 'title' | 'slug' | 'excerpt' | 'content') => ({
    value: draft[key],
    error: errors[key],
    onChange: (value: string) => set({ [key]: value }),
  });
  const address = `/news/${draft.slug || slugify(draft.title)}`;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const submit = (next: ArticleStatus) => {
    // The last save's message goes, so the next one is announced afresh.
    setNotice(null);
    const input = inputOf(draft, next, new Date());
    const found = validate(input);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice({ tone: 'error', text: adminNewsTexts.fixErrors });
      return;
    }
    save.mutate(
      { id, input },
      {
        onSuccess: (saved) => {
          set({ slug: saved.slug, publishedAt: input.publishedAt ? toZonedInput(input.publishedAt) : '' });
          setNotice({ tone: 'success', text: savedText(status, input, new Date()) });
          setStatus(next);
          if (!id) navigate(`/admin/news/${saved.id}?saved`, { replace: true });
        },
        onError: (error) => {
          if (signOut(error)) return;
          const message = apiErrorMessage(error) ?? describeError(error);
          if (error instanceof ApiRequestError && error.status === 409) setErrors({ slug: message });
          setNotice({ tone: 'error', text: message });
        },
      },
    );
  };

  const state = articleDisplayState(
    status,
    fromZonedInput(draft.publishedAt) ?? article?.publishedAt ?? now.toISOString(),
    now,
  );
  const live = status === 'published';
  return (
    <div className="space-y-6">
      {notice ? (
        <div ref={noticeRef} tabIndex={-1}>
          {notice.tone === 'error' ? (
            <StatusMessage tone="error">{notice.text}</StatusMessage>
          ) : (
            <p role="status" className="rounded-md border border-green-300 bg-green-50 px-5 py-4 text-green-800">
              {notice.text}
            </p>
          )}
        </div>
      ) : null}
      <form
        noValidate
        aria-label={id ? adminNewsTexts.editTitle : adminNewsTexts.newTitle}
        onSubmit={(event) => {
          event.preventDefault();
          // Enter in a field saves as the article stands: a published one stays published.
          submit(status);
        }}
        className={`${cardClasses} space-y-5`}
      >
        <p className="flex items-center gap-2 text-sm text-slate-700">
          {adminNewsTexts.currentState} <ArticleStateBadge state={state} />
        </p>
        <TextField label={adminNewsTexts.titleLabel} {...bind('title')} />
        <TextField label={adminNewsTexts.slugLabel} hint={adminNewsTexts.slugHint(address)} {...bind('slug')} />
        {bodyFields.map(({ key, label, hint, rows }) => (
          <TextField key={key} label={label} hint={hint} multiline rows={rows} {...bind(key)} />
        ))}
        <ImageField
          label={adminNewsTexts.imageLabel}
          value={draft.image}
          error={errors.imageUrl ?? errors.imageAlt}
          onChange={(image) => set({ image })}
        />
        <PublishedAtField
          value={draft.publishedAt}
          error={errors.publishedAt}
          onChange={(publishedAt) => set({ publishedAt })}
        />
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:flex-wrap">
          <button type="submit" disabled={save.isPending} className={smallButton(live ? 'primary' : 'outline')}>
            {save.isPending ? adminNewsTexts.saving : live ? adminNewsTexts.save : adminNewsTexts.saveDraft}
          </button>
          {live ? (
            <UnpublishArticle disabled={save.isPending} onConfirm={() => submit('draft')} />
          ) : (
            <button
              type="button"
              disabled={save.isPending}
              onClick={() => submit('published')}
              className={smallButton('primary')}
            >
              {save.isPending
                ? adminNewsTexts.saving
                : (fromZonedInput(draft.publishedAt) ?? '') > now.toISOString()
                  ? adminNewsTexts.schedule
                  : adminNewsTexts.publish}
            </button>
          )}
          {id ? <DeleteArticle id={id} /> : null}
        </div>
      </form>

      <section aria-labelledby="article-preview-heading" className="space-y-3">
        <div>
          <h2 id="article-preview-heading" className="font-display text-2xl font-bold text-navy-900">
            {adminNewsTexts.previewHeading}
          </h2>
          <p className="text-sm text-slate-700">{adminNewsTexts.previewHint}</p>
        </div>
        <div data-testid="article-preview" className="overflow-hidden rounded-xl border border-slate-300 bg-white">
          <ArticleView article={previewOf(draft, id, now)} />
        </div>
      </section>
    </div>
  );
}

function BackToList() {
  return (
    <Link href="/admin/news" className={`${linkClasses} inline-flex min-h-11 items-center gap-2`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {adminNewsTexts.backToList}
    </Link>
  );
}

/** /admin/news/new and /admin/news/{id}: the article's fields, its live preview, and its actions. */
export function AdminNewsEditorPage({ id }: { id: string | null }) {
  const query = useAdminNewsArticle(id);
  useRedirectOnUnauthorized(query.error);
  const title = id ? adminNewsTexts.editTitle : adminNewsTexts.newTitle;
  let body: ReactNode;
  if (!id) body = <Editor id={null} article={null} />;
  else if (query.isPending) body = <AdminLoading text={adminNewsTexts.loadingArticle} />;
  else if (query.isError)
    body = (
      <QueryLoadError
        text={adminNewsTexts.articleLoadError(describeError(query.error))}
        hint={adminTexts.loadFailedHint('the article')}
        query={query}
      />
    );
  else body = <Editor key={id} id={id} article={query.data.data} />;
  return (
    <AdminPage title={title} intro={<BackToList />}>
      {body}
    </AdminPage>
  );
}
