import { adminTexts } from '../admin-texts';
import { type NewsArticle, slugify } from '@pillars/contracts';
import {
  type AdminNewsArticle,
  AdminNewsInput,
  type ArticleStatus,
  articleDisplayState,
} from '@pillars/contracts/admin';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { ArticleView } from '@/features/news/components/article-view';
import { ApiRequestError } from '@/lib/api';
import { apiErrorMessage } from '@/lib/api-error-message';
import { adminNewsTexts } from '../admin-news-texts';
import { useAdminNewsArticle, useDeleteArticle, useSaveArticle } from '../api/admin-news';
import { AdminDialog } from '../components/admin-dialog';
import { AdminLoading, AdminPage } from '../components/admin-page';
import { AdminLoadError } from '../components/admin-load-error';
import { cardClasses, fieldClasses, linkClasses, smallButton } from '../components/admin-styles';
import { ArticleStateBadge } from '../components/article-state-badge';
import { ImageField, type ImageValue } from '../components/image-field';
import { useRedirectOnUnauthorized, useSignOutOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError } from '../lib/format';
import { PUBLISH_TIME_ZONE, fromZonedInput, toZonedInput } from '../lib/publish-time';

/** What the editor holds: the fields as typed. */
export interface ArticleDraft {
  title: string;
  /** '' while the address follows the title. */
  slug: string;
  excerpt: string;
  content: string;
  image: ImageValue;
  /** A datetime-local value in New York time, or ''. */
  publishedAt: string;
}

type Field = 'title' | 'slug' | 'excerpt' | 'content' | 'imageUrl' | 'imageAlt' | 'publishedAt';
type FieldErrors = Partial<Record<Field, string>>;

const emptyDraft: ArticleDraft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  image: { url: '', alt: '' },
  publishedAt: '',
};

const draftOf = (article: AdminNewsArticle): ArticleDraft => ({
  title: article.title,
  slug: article.slug,
  excerpt: article.excerpt,
  content: article.content,
  image: { url: article.imageUrl, alt: article.imageAlt ?? '' },
  publishedAt: article.status === 'published' ? toZonedInput(article.publishedAt) : '',
});

/** The body the API takes; publishing without a date publishes now. */
export function inputOf(draft: ArticleDraft, status: ArticleStatus, now: Date): AdminNewsInput {
  const publishedAt = fromZonedInput(draft.publishedAt) ?? (status === 'published' ? now.toISOString() : null);
  return {
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt,
    content: draft.content,
    imageUrl: draft.image.url,
    imageAlt: draft.image.alt,
    publishedAt,
    status,
  };
}

/** The article as the public page would show it, from the fields as typed. */
export function previewOf(draft: ArticleDraft, id: string | null, now: Date): NewsArticle {
  return {
    id: id ?? '00000000-0000-4000-8000-000000000000',
    slug: draft.slug || slugify(draft.title),
    title: draft.title || adminNewsTexts.untitled,
    excerpt: draft.excerpt,
    content: draft.content,
    imageUrl: draft.image.url,
    imageAlt: draft.image.alt || null,
    publishedAt: fromZonedInput(draft.publishedAt) ?? now.toISOString(),
  };
}

/** The contract's own messages, by field: the editor says exactly what the API would. */
function validate(input: AdminNewsInput): FieldErrors {
  const result = AdminNewsInput.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function TextField({
  label,
  hint,
  error,
  multiline,
  value,
  onChange,
  rows,
}: {
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  multiline?: boolean;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: fieldClasses,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows ?? 4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-crimson-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DeleteArticle({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteArticle();
  const signOut = useSignOutOnUnauthorized();
  const [, navigate] = useLocation();
  const failure = remove.error && !signOut(remove.error) ? describeError(remove.error) : null;
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={adminNewsTexts.deleteTitle}
      description={adminNewsTexts.deleteDescription}
      trigger={
        <button type="button" className={smallButton('danger')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {adminNewsTexts.deleteArticle}
        </button>
      }
    >
      {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={smallButton('outline')} onClick={() => setOpen(false)}>
          {adminNewsTexts.keepArticle}
        </button>
        <button
          type="button"
          className={smallButton('danger')}
          disabled={remove.isPending}
          onClick={() => remove.mutate(id, { onSuccess: () => navigate('/admin/news', { replace: true }) })}
        >
          {remove.isPending ? adminNewsTexts.deleting : adminNewsTexts.confirmDelete}
        </button>
      </div>
    </AdminDialog>
  );
}

/**
 * Taking a live (or scheduled) article offline asks first: its public page stops answering. The
 * dialog's action saves the article as a draft, with whatever was edited.
 */
function UnpublishArticle({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={adminNewsTexts.unpublishTitle}
      description={adminNewsTexts.unpublishDescription}
      trigger={
        <button type="button" disabled={disabled} className={smallButton('outline')}>
          {adminNewsTexts.unpublish}
        </button>
      }
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={smallButton('outline')} onClick={() => setOpen(false)}>
          {adminNewsTexts.keepPublished}
        </button>
        <button
          type="button"
          className={smallButton('danger')}
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          {adminNewsTexts.confirmUnpublish}
        </button>
      </div>
    </AdminDialog>
  );
}

/** What a save did to the article's state, as the editor's notice says it. */
function savedText(before: ArticleStatus, after: AdminNewsInput, now: Date): string {
  if (before === after.status) return adminNewsTexts.saved;
  if (after.status === 'draft') return adminNewsTexts.unpublishedNotice;
  return articleDisplayState(after.status, after.publishedAt ?? now, now) === 'scheduled'
    ? adminNewsTexts.scheduledNotice
    : adminNewsTexts.publishedNotice;
}

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
        <TextField
          label={adminNewsTexts.titleLabel}
          value={draft.title}
          error={errors.title}
          onChange={(title) => set({ title })}
        />
        <TextField
          label={adminNewsTexts.slugLabel}
          value={draft.slug}
          error={errors.slug}
          hint={adminNewsTexts.slugHint(address)}
          onChange={(slug) => set({ slug })}
        />
        <TextField
          label={adminNewsTexts.excerptLabel}
          value={draft.excerpt}
          error={errors.excerpt}
          hint={adminNewsTexts.excerptHint}
          multiline
          rows={3}
          onChange={(excerpt) => set({ excerpt })}
        />
        <TextField
          label={adminNewsTexts.contentLabel}
          value={draft.content}
          error={errors.content}
          hint={adminNewsTexts.contentHint}
          multiline
          rows={12}
          onChange={(content) => set({ content })}
        />
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

function PublishedAtField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {adminNewsTexts.publishedAtLabel}
      </label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClasses}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {adminNewsTexts.publishedAtHint(PUBLISH_TIME_ZONE)}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-crimson-700">
          {error}
        </p>
      ) : null}
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
      <AdminLoadError
        text={adminNewsTexts.articleLoadError(describeError(query.error))}
        hint={adminTexts.loadFailedHint('the article')}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else body = <Editor key={id} id={id} article={query.data.data} />;
  return (
    <AdminPage title={title} intro={<BackToList />}>
      {body}
    </AdminPage>
  );
}
