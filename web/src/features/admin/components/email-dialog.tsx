import { Mail, Megaphone } from 'lucide-react';
import { type ReactElement, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField, inputClasses } from '@/components/ui/text-field';
import { usePublicConfig } from '@/lib/use-public-config';
import { FieldShell } from '@/components/ui/field-shell';
import { adminTexts } from '../admin-texts';
import { useRecipients } from '../api/detail-pages';
import { describeError } from '../lib/format';
import { mailtoBatches } from '../lib/mailto';
import { AdminDialog } from './admin-dialog';
import { QueryLoadError } from './admin-load-error';
import { AdminLoading } from './admin-page';
import { linkClasses, outlineButton } from './admin-styles';
import { DialogActions } from './dialog-actions';

/**
 * The addresses of a whole list, held by the server (docs/decisions/034): the route that answers
 * them and, when known, how many there are. They are fetched when the admin opens the message.
 */
export type RemoteRecipients = { path: string; count?: number };

/** Who a message goes to: addresses at hand (e.g. the selected rows), or a whole list's on the server. */
export type Recipients = readonly string[] | RemoteRecipients;

const isRemote = (recipients: Recipients): recipients is RemoteRecipients => 'path' in recipients;
const countOf = (recipients: Recipients) => (isRemote(recipients) ? (recipients.count ?? 0) : recipients.length);

type EmailDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  /** Or, for a list whose count is not known yet, the description once its addresses are in. */
  description: string | ((count: number) => string);
  recipients: Recipients;
  defaultSubject: string;
};

/**
 * Composes a bulk message: subject and message, then one link per batch that
 * opens the mail client addressed to the organisation mailbox with the recipients in Bcc. A list
 * too long for one `mailto:` URL is split into "Open batch 1 of 3", ….
 */
export function EmailDialog({ trigger, title, description, recipients, defaultSubject }: EmailDialogProps) {
  const [open, setOpen] = useState(false);
  const remote = isRemote(recipients) ? recipients : null;
  // A whole list's addresses: asked once the dialog opens, and kept for the next opening.
  const query = useRecipients(remote?.path ?? '', Boolean(remote) && open);
  const shownDescription =
    typeof description === 'string'
      ? description
      : description(remote ? (query.data?.data.length ?? remote.count ?? 0) : countOf(recipients));
  return (
    <AdminDialog open={open} onOpenChange={setOpen} trigger={trigger} title={title} description={shownDescription}>
      {/* Mounted with each opening, so every message starts from the default subject. */}
      {remote ? (
        <RemoteComposer query={query} defaultSubject={defaultSubject} onDone={() => setOpen(false)} />
      ) : (
        <EmailComposer
          recipients={recipients as readonly string[]}
          defaultSubject={defaultSubject}
          onDone={() => setOpen(false)}
        />
      )}
    </AdminDialog>
  );
}

/** The composer once the list's addresses have arrived; their loading and failure said in the dialog. */
function RemoteComposer({
  query,
  defaultSubject,
  onDone,
}: {
  query: ReturnType<typeof useRecipients>;
  defaultSubject: string;
  onDone: () => void;
}) {
  if (query.isPending) return <AdminLoading text={adminTexts.loadingListRecipients} />;
  if (query.isError) {
    return (
      <QueryLoadError
        text={adminTexts.errorLoadingRecipients(describeError(query.error))}
        hint={adminTexts.loadFailedHint('the recipients')}
        query={query}
      />
    );
  }
  return <EmailComposer recipients={query.data.data} defaultSubject={defaultSubject} onDone={onDone} />;
}

function EmailComposer({
  recipients,
  defaultSubject,
  onDone,
}: {
  recipients: readonly string[];
  defaultSubject: string;
  onDone: () => void;
}) {
  const { contactEmail } = usePublicConfig();
  const id = useId();
  const [subject, setSubject] = useState(defaultSubject);
  const [body, setBody] = useState('');
  const batches = mailtoBatches({ to: contactEmail, bcc: recipients, subject, body });
  const [single] = batches;

  return (
    <div className="mt-5 space-y-4">
      <p className="text-sm font-semibold text-navy-900">{adminTexts.recipients(recipients.length)}</p>
      <TextField
        id={`${id}-subject`}
        label={adminTexts.subject}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
      />
      <FieldShell id={`${id}-message`} label={adminTexts.message}>
        <textarea
          id={`${id}-message`}
          rows={6}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          className={`${inputClasses} min-h-32`}
        />
      </FieldShell>

      {batches.length === 1 && single ? (
        <DialogActions cancelLabel={adminTexts.cancel} onCancel={onDone}>
          <a href={single.url} className={buttonClasses('primary')}>
            <Mail aria-hidden="true" className="size-5" />
            {adminTexts.openEmailClient}
          </a>
        </DialogActions>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{adminTexts.batchesIntro(batches.length)}</p>
          <ol className="space-y-2">
            {batches.map((batch, index) => (
              <li key={batch.url} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <a href={batch.url} className={`${linkClasses} inline-flex min-h-11 items-center gap-2`}>
                  <Mail aria-hidden="true" className="size-4" />
                  {adminTexts.openBatch(index + 1, batches.length)}
                </a>
                <span className="text-sm text-slate-600">{adminTexts.batchRecipients(batch.recipients.length)}</span>
              </li>
            ))}
          </ol>
          <div className="flex justify-end">
            <button type="button" className={outlineButton()} onClick={onDone}>
              {adminTexts.close}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * 'Email All ({count})': straight to the mail client with the default subject when the addresses
 * are at hand and fit one link, otherwise through the dialog (which fetches a whole list's
 * addresses and splits a long list into batches).
 */
export function EmailAllLink({
  recipients,
  subject,
  title,
  description,
}: {
  recipients: Recipients;
  subject: string;
  title: string;
  description: string;
}) {
  const { contactEmail } = usePublicConfig();
  const label = adminTexts.emailAll(countOf(recipients));
  // A whole list's addresses are on the server: the dialog fetches them, then opens the mail client.
  const batches = isRemote(recipients) ? [] : mailtoBatches({ to: contactEmail, bcc: recipients, subject });
  const [single] = batches;
  if (countOf(recipients) === 0) {
    return (
      <button type="button" disabled className={buttonClasses('secondary')}>
        <Mail aria-hidden="true" className="size-5" />
        {label}
      </button>
    );
  }
  if (batches.length === 1 && single) {
    return (
      <a href={single.url} className={buttonClasses('secondary')}>
        <Mail aria-hidden="true" className="size-5" />
        {label}
      </a>
    );
  }
  return (
    <EmailDialog
      title={title}
      description={description}
      recipients={recipients}
      defaultSubject={subject}
      trigger={
        <button type="button" className={buttonClasses('secondary')}>
          <Mail aria-hidden="true" className="size-5" />
          {label}
        </button>
      }
    />
  );
}

/**
 * The contributors' and members' pages' bulk actions: 'Email All ({count})' and a 'Broadcast
 * Message' dialog, both to everyone in the list (not only the rows shown) with the page's default subject.
 */
export function BroadcastActions({
  recipients,
  subject,
  description,
}: {
  recipients: Recipients;
  subject: string;
  description: string;
}) {
  return (
    <>
      <EmailAllLink
        recipients={recipients}
        subject={subject}
        title={adminTexts.broadcastMessage}
        description={description}
      />
      <EmailDialog
        title={adminTexts.broadcastMessage}
        description={description}
        recipients={recipients}
        defaultSubject={subject}
        trigger={
          <button type="button" disabled={countOf(recipients) === 0} className={buttonClasses('primary')}>
            <Megaphone aria-hidden="true" className="size-5" />
            {adminTexts.broadcastMessage}
          </button>
        }
      />
    </>
  );
}
