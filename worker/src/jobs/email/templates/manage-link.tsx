import { Action, Layout, Note, type Org, Paragraph, Title, WrittenLink } from './layout';

export interface ManageLinkProps {
  org: Org;
  manageUrl: string;
  ttlHours: number;
}

export function manageLinkSubject({ org }: Pick<ManageLinkProps, 'org'>) {
  return `Your link to manage your giving with ${org.name}`;
}

/** The link a donor asked for, to see their gifts, memberships and registrations. */
export function ManageLinkEmail(props: ManageLinkProps) {
  return (
    <Layout org={props.org} preview="Your link to manage your giving.">
      <Title>Manage your giving</Title>
      <Paragraph>
        {`You asked for a link to see your contributions, memberships and event registrations with ${props.org.name}. The link works once, within ${props.ttlHours} hours.`}
      </Paragraph>
      <Action href={props.manageUrl} label="Manage your giving" />
      <Note htmlOnly>
        Or open this link: <WrittenLink href={props.manageUrl} />
      </Note>
      <Note>If you did not ask for it, ignore this e-mail: nothing changes.</Note>
    </Layout>
  );
}
