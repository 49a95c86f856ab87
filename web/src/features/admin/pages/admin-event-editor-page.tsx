import { adminTexts } from '../admin-texts';
import type { EventDetail } from '@pillars/contracts';
import type { AdminEvent, EventStatus } from '@pillars/contracts/admin';
import { Save, Send, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/use-toast';
import { fieldErrorsOf, useAdminEvent, useDeleteAdminEvent, useSaveAdminEvent } from '../api/admin-events';
import { AdminLoading, AdminPage, BackLink } from '../components/admin-page';
import { QueryLoadError } from '../components/admin-load-error';
import { cardClasses, smallButton } from '../components/admin-styles';
import { ConfirmDialog, IconButton } from '../components/confirm-dialog';
import { EditorField } from '../components/editor-field';
import { CancelEventDialog, EventRefundsPanel } from '../components/event-cancellation';
import { EventTiersEditor } from '../components/event-tiers-editor';
import { ImageField } from '../components/image-field';
import { eventEditorTexts as texts } from '../event-editor-texts';
import { useReportActionError } from '../hooks/use-report-action-error';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import {
  type EventForm,
  type FieldErrors,
  emptyEventForm,
  formOf,
  previewOf,
  slugOf,
  validate,
} from '../lib/event-form';
import { describeError } from '../lib/format';
import { EventStateBadge } from './admin-events-manage-page';

/** How the public page shows an event; composed in by the app so this feature stays apart from events. */
export type RenderEventPreview = (event: EventDetail) => ReactNode;

type TextKey = 'title' | 'slug' | 'description' | 'start' | 'end' | 'location' | 'price' | 'capacity';

/** The start and end: New York wall-clock times, both required; the API names their errors apart. */
const timeFields = [
  { key: 'start', errorKey: 'startDate', label: texts.startLabel },
  { key: 'end', errorKey: 'endDate', label: texts.endLabel },
] as const;

type EditorProps = { id: string | null; saved: AdminEvent | null; renderPreview: RenderEventPreview };

function Editor({ id, saved, renderPreview }: EditorProps) {
  const fieldId = useId();
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const reportError = useReportActionError();
  const save = useSaveAdminEvent();
  const remove = useDeleteAdminEvent();
  const [form, setForm] = useState<EventForm>(() => (saved ? formOf(saved) : emptyEventForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function submit(status: EventStatus, done: string) {
    const checked = validate(form, status);
    const count = Object.keys(checked.errors).length;
    setErrors(checked.errors);
    if (count > 0) {
      setSummary(texts.fixErrors(count));
      summaryRef.current?.focus();
      return;
    }
    setSummary(null);
    save.mutate(
      { id, input: checked.input },
      {
        onSuccess: (data) => {
          setForm((f) => ({ ...f, slug: data.slug, status }));
          toast({ title: done, description: `/events/${data.slug}` });
          if (!id) navigate(`/admin/events/manage/${data.id}`, { replace: true });
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          setSummary(reportError(texts.saveFailed, error));
          summaryRef.current?.focus();
        },
      },
    );
  }

  const address = `${window.location.origin}/events/${slugOf(form)}`;
  const f = (key: string) => `${fieldId}-${key}`;
  /** A text field's id, value, error and change; `errorKey` where the API names the field otherwise. */
  const bind = (key: TextKey, errorKey: string = key) => ({
    id: f(key),
    value: form[key],
    error: errors[errorKey],
    onChange: (value: string) => set(key, value),
  });
  const imageError = errors.imageAlt ?? errors.imageUrl;
  /** Places already taken of a limit as last loaded ('' for the whole event). */
  const taken = (tierId: string) => saved?.places.find((p) => p.tierId === tierId)?.taken;

  return (
    <div className="space-y-8">
      <div ref={summaryRef} tabIndex={-1} aria-live="assertive">
        {summary ? <StatusMessage tone="error">{summary}</StatusMessage> : null}
      </div>
      <form
        aria-label={texts.formLabel}
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit(form.status, texts.saved);
        }}
      >
        <section className={`${cardClasses} space-y-4`}>
          <p className="flex items-center gap-2 text-sm text-navy-900">
            {texts.stateLabel}: <EventStateBadge status={form.status} />
          </p>
          <EditorField label={texts.titleLabel} required {...bind('title')} />
          <div>
            <EditorField label={texts.slugLabel} hint={texts.slugHint} {...bind('slug')} />
            <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]" aria-live="polite">
              {texts.addressIs} <span className="font-mono">{address}</span>
            </p>
          </div>
          <EditorField
            label={texts.descriptionLabel}
            hint={texts.descriptionHint}
            multiline
            rows={6}
            {...bind('description')}
          />
          <ImageField
            label={texts.imageLabel}
            value={form.image}
            error={imageError}
            onChange={(image) => set('image', image)}
          />
          <p id={f('zone')} className="text-sm font-semibold text-navy-900">
            {texts.timeZoneHint}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {timeFields.map(({ key, errorKey, label }) => (
              <EditorField
                key={key}
                label={label}
                hint="ET (America/New_York)"
                type="datetime-local"
                required
                {...bind(key, errorKey)}
              />
            ))}
          </div>
          <EditorField label={texts.locationLabel} required {...bind('location')} />
        </section>

        <fieldset className={`${cardClasses} space-y-4`}>
          <legend className="px-1 font-display text-xl font-bold text-navy-900">{texts.paymentLegend}</legend>
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-navy-900">
            <input
              type="checkbox"
              className="size-5 accent-crimson-600"
              checked={form.requiresPayment}
              onChange={(e) => set('requiresPayment', e.target.checked)}
            />
            {texts.requiresPayment}
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <EditorField label={texts.priceLabel} hint={texts.priceHint} inputMode="decimal" {...bind('price')} />
            <EditorField
              label={texts.capacityLabel}
              hint={taken('') === undefined ? texts.capacityHint : texts.takenHint(taken('') ?? 0)}
              inputMode="numeric"
              {...bind('capacity')}
            />
          </div>
          {errors.pricingTiers ? (
            <p role="alert" className="text-sm text-crimson-700">
              {errors.pricingTiers}
            </p>
          ) : null}
          <EventTiersEditor
            tiers={form.tiers}
            onChange={(tiers) => set('tiers', tiers)}
            errors={errors}
            taken={taken}
          />
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={save.isPending} className={buttonClasses('primary')}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? texts.saving : texts.save}
          </button>
          {form.status !== 'published' ? (
            <button
              type="button"
              disabled={save.isPending}
              className={buttonClasses('secondary')}
              onClick={() => submit('published', texts.published)}
            >
              <Send aria-hidden="true" className="size-4" />
              {texts.publish}
            </button>
          ) : null}
          {id && form.status === 'published' ? (
            <CancelEventDialog id={id} onCancelled={() => set('status', 'cancelled')} />
          ) : null}
          {id ? (
            <ConfirmDialog
              open={deleteOpen}
              onOpenChange={setDeleteOpen}
              title={texts.deleteTitle}
              description={texts.deleteDescription}
              trigger={<IconButton icon={Trash2} label={texts.deleteEvent} className={smallButton('outline')} />}
              layout="wrap"
              cancelLabel={texts.keepEvent}
              confirm={{
                label: texts.deleteConfirm,
                pending: remove.isPending,
                onClick: () =>
                  remove.mutate(id, {
                    onSuccess: () => {
                      toast({ title: texts.deleted, description: form.title });
                      navigate('/admin/events/manage', { replace: true });
                    },
                    onError: (error) => {
                      setDeleteOpen(false);
                      setSummary(reportError(texts.deleteFailed, error));
                    },
                  }),
              }}
            />
          ) : null}
        </div>
      </form>

      {id && form.status === 'cancelled' ? <EventRefundsPanel id={id} /> : null}

      <section aria-labelledby={f('preview')} className="space-y-2">
        <h2 id={f('preview')} className="font-display text-2xl font-bold text-navy-900">
          {texts.previewHeading}
        </h2>
        <p className="text-sm text-slate-700">{texts.previewHint}</p>
        <div className="overflow-hidden rounded-xl border-4 border-dashed border-slate-300 bg-cream-50">
          {renderPreview(previewOf(form, id ?? undefined))}
        </div>
      </section>
    </div>
  );
}

/** /admin/events/manage/new and /admin/events/manage/{id}: the event editor with its live preview. */
export function AdminEventEditorPage({ id, renderPreview }: { id: string | null; renderPreview: RenderEventPreview }) {
  const event = useAdminEvent(id);
  useRedirectOnUnauthorized(event.error);
  const title = id ? texts.editTitle(event.data?.title ?? '…') : texts.newTitle;
  return (
    <AdminPage title={title}>
      <BackLink href="/admin/events/manage" label={texts.backToList} />
      {id === null ? (
        <Editor id={null} saved={null} renderPreview={renderPreview} />
      ) : event.isPending ? (
        <AdminLoading text={texts.loadingEvent} />
      ) : event.isError ? (
        <QueryLoadError
          text={`${texts.loadEventError} ${describeError(event.error)}`}
          hint={adminTexts.loadFailedHint('the event')}
          query={event}
        />
      ) : (
        <Editor key={event.data.id} id={event.data.id} saved={event.data} renderPreview={renderPreview} />
      )}
    </AdminPage>
  );
}
