import { money } from '../format';
import { Details, Layout, Note, type Org, Paragraph, Title } from './layout';

export interface EventCancelledProps {
  org: Org;
  firstName: string;
  eventTitle: string;
  /** "Saturday, March 14, 2026" and "6:00 PM – 8:00 PM ET": when it would have been. */
  day: string;
  hours: string;
  location: string;
  /** What was paid for the place, in cents; null when nothing was. */
  paidCents: number | null;
}

export function eventCancelledSubject({ eventTitle }: Pick<EventCancelledProps, 'eventTitle'>) {
  return `Cancelled: ${eventTitle}`;
}

/** An admin cancelled an event the person registered for; sent once per registration. */
export function EventCancelledEmail(props: EventCancelledProps) {
  const { org } = props;
  const rows: Array<readonly [string, string]> = [
    ['Event', props.eventTitle],
    ['Date', props.day],
    ['Time', props.hours],
    ['Where', props.location],
  ];
  if (props.paidCents) rows.push(['Amount paid', money(props.paidCents)]);
  return (
    <Layout org={org} preview={`${props.eventTitle} has been cancelled.`}>
      <Title>{props.eventTitle} is cancelled</Title>
      <Paragraph>
        {`Dear ${props.firstName}, we are sorry to tell you that ${props.eventTitle}, which you registered for, has been cancelled and will not take place.`}
      </Paragraph>
      <Details rows={rows} />
      <Note>
        {props.paidCents
          ? `We will be in touch about the fee you paid. For any question, please contact us at ${org.contactEmail} or ${org.contactPhone}.`
          : `For any question, please contact us at ${org.contactEmail} or ${org.contactPhone}.`}
      </Note>
    </Layout>
  );
}
