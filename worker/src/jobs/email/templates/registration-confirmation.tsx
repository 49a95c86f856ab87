import { money } from '../format';
import { Action, Details, Layout, Note, Paragraph, Title } from './layout';
import { type RegistrationEventProps, registrationEventRows } from './registration-event';

export interface RegistrationConfirmationProps extends RegistrationEventProps {
  /** The ticket type's name, when the event has them. */
  tier: string | null;
  /** What was paid, in cents; null for a free registration. */
  paidCents: number | null;
  eventUrl: string;
}

export function registrationConfirmationSubject({ eventTitle }: Pick<RegistrationConfirmationProps, 'eventTitle'>) {
  return `You are registered: ${eventTitle}`;
}

/** A place at an event is confirmed (free, or once its fee is paid); the .ics rides along. */
export function RegistrationConfirmationEmail(props: RegistrationConfirmationProps) {
  const rows = registrationEventRows(props);
  if (props.tier) rows.push(['Ticket type', props.tier]);
  rows.push(['Amount paid', props.paidCents ? money(props.paidCents) : 'Free']);
  return (
    <Layout org={props.org} preview={`Your place at ${props.eventTitle} is confirmed.`}>
      <Title>See you there, {props.firstName}</Title>
      <Paragraph>{`Your registration for ${props.eventTitle} is confirmed.`}</Paragraph>
      <Details rows={rows} />
      <Note>The attached calendar file adds the event to your calendar.</Note>
      <Action href={props.eventUrl} label="View the event" />
    </Layout>
  );
}
