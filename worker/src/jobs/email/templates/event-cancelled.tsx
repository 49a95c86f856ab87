import { money } from '../format';
import { Details, Layout, Note, Paragraph, Title } from './layout';
import { type RegistrationEventProps, registrationEventRows } from './registration-event';

export interface EventCancelledProps extends RegistrationEventProps {
  /** What was paid for the place, in cents; null when nothing was. */
  paidCents: number | null;
  /** What the cancellation is giving back, in cents (the money module's); null when it asked for no refund. */
  refundCents: number | null;
}

/** The note under the details: the refund on its way, a fee to be settled otherwise, or only how to reach us. */
function noteOf(props: EventCancelledProps): string {
  const { org } = props;
  const contact = `For any question, please contact us at ${org.contactEmail} or ${org.contactPhone}.`;
  if (props.refundCents) {
    return `Your refund of ${money(props.refundCents)} is on its way to the card you paid with; your bank may take a few business days to show it. ${contact}`;
  }
  // A fee paid otherwise than by card is not refunded through the payment processor.
  if (props.paidCents) return `We will be in touch about the fee you paid. ${contact}`;
  return contact;
}

export function eventCancelledSubject({ eventTitle }: Pick<EventCancelledProps, 'eventTitle'>) {
  return `Cancelled: ${eventTitle}`;
}

/** An admin cancelled an event the person registered for; sent once per registration. */
export function EventCancelledEmail(props: EventCancelledProps) {
  const { org } = props;
  const rows = registrationEventRows(props);
  if (props.paidCents) rows.push(['Amount paid', money(props.paidCents)]);
  if (props.refundCents) rows.push(['Refund', money(props.refundCents)]);
  return (
    <Layout org={org} preview={`${props.eventTitle} has been cancelled.`}>
      <Title>{props.eventTitle} is cancelled</Title>
      <Paragraph>
        {`Dear ${props.firstName}, we are sorry to tell you that ${props.eventTitle}, which you registered for, has been cancelled and will not take place.`}
      </Paragraph>
      <Details rows={rows} />
      <Note>{noteOf(props)}</Note>
    </Layout>
  );
}
