import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

/** Who sends: the header's name and the footer's contact details (config: ORG_*, CONTACT_*). */
export interface Org {
  name: string;
  legalName: string;
  ein: string;
  publicUrl: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
}

/**
 * The site's look (web/src/styles.css): navy on warm paper, crimson for actions, a gold rule,
 * a serif display face and the system sans-serif, no web fonts. Inline styles, as mail clients
 * ignore most style sheets.
 */
export const look = {
  navy900: '#0b1f3a',
  navy700: '#1f3b66',
  navy100: '#dde4ef',
  navy50: '#f1f4f9',
  crimson600: '#b22234',
  cream50: '#fdfbf6',
  cream100: '#f6f1e6',
  gold400: '#d4af37',
  display: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, Cambria, 'Times New Roman', serif",
  sans: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

const text = { fontSize: '16px', lineHeight: '24px', color: look.navy900, margin: '0 0 16px' } as const;

/** Invisible characters after the preview line, so that inboxes do not pull the message's first lines in after it. */
const PREVIEW_PADDING = '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff'.repeat(100);

/**
 * The inbox's preview line, hidden in the message. Its padding is the same whatever the text's
 * length (unlike @react-email's Preview), so an e-mail's markup does not depend on how long its
 * values are, which rendering once per shape relies on (stencil.ts).
 */
function Preview({ children }: { children: string }) {
  return (
    <div
      style={{ display: 'none', overflow: 'hidden', lineHeight: '1px', opacity: 0, maxHeight: 0, maxWidth: 0 }}
      data-skip-in-text
    >
      {children}
      <div>{PREVIEW_PADDING}</div>
    </div>
  );
}

/** Every e-mail: header with the organisation's name, the content, footer with how to reach it. */
export function Layout({ org, preview, children }: { org: Org; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: look.cream100, fontFamily: look.sans, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', backgroundColor: look.cream50, border: `1px solid ${look.navy100}` }}>
          <Section
            style={{ backgroundColor: look.navy900, padding: '20px 32px', borderBottom: `4px solid ${look.gold400}` }}
          >
            <Link href={org.publicUrl} style={{ color: '#ffffff', textDecoration: 'none' }}>
              <Text
                style={{ fontFamily: look.display, fontSize: '24px', lineHeight: '32px', margin: 0, color: '#ffffff' }}
              >
                {org.name}
              </Text>
            </Link>
          </Section>
          <Section style={{ padding: '32px' }}>{children}</Section>
          <Hr style={{ borderColor: look.navy100, margin: 0 }} />
          <Section style={{ padding: '20px 32px', backgroundColor: look.navy50 }}>
            <Text style={{ fontSize: '13px', lineHeight: '20px', color: look.navy700, margin: 0 }}>
              {org.legalName}
              <br />
              {org.contactAddress}
              <br />
              <Link href={`mailto:${org.contactEmail}`} style={{ color: look.navy700 }}>
                {org.contactEmail}
              </Link>
              {' · '}
              {org.contactPhone}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{
        fontFamily: look.display,
        fontSize: '26px',
        lineHeight: '34px',
        color: look.navy900,
        margin: '0 0 20px',
      }}
    >
      {children}
    </Heading>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/** A call to action: a crimson button, with the address written out below for plain text and copy. */
export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: look.crimson600,
          color: '#ffffff',
          fontWeight: 600,
          fontSize: '16px',
          padding: '12px 20px',
          borderRadius: '6px',
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
    </Section>
  );
}

/**
 * How a written-out address is set: a long link has no spaces to wrap at, so it may break
 * anywhere and never widens the message past a phone's screen.
 */
export const writtenLinkStyle = { wordBreak: 'break-all', overflowWrap: 'anywhere', maxWidth: '100%' } as const;

/** An address written out in full (beside its button), wrapping on a narrow screen. */
export function WrittenLink({ href }: { href: string }) {
  return (
    <Link href={href} style={writtenLinkStyle}>
      {href}
    </Link>
  );
}

/** Label–value lines (a receipt's details), as a two-column table. */
export function Details({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Section
      style={{
        backgroundColor: '#ffffff',
        border: `1px solid ${look.navy100}`,
        padding: '12px 16px',
        margin: '0 0 20px',
      }}
    >
      {rows.map(([label, value]) => (
        <Row key={label}>
          <Column
            style={{ width: '45%', fontSize: '14px', lineHeight: '24px', color: look.navy700, verticalAlign: 'top' }}
          >
            {label}:
          </Column>
          {/* A value may be a long token (a reference, an address): it wraps rather than widening the message. */}
          <Column
            style={{
              fontSize: '14px',
              lineHeight: '24px',
              color: look.navy900,
              fontWeight: 600,
              overflowWrap: 'anywhere',
            }}
          >
            {value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/**
 * Small print: a statement that must be read as written (the receipt's goods-or-services one).
 * `htmlOnly` leaves it out of the plain-text part (a link the button there already spells out).
 */
export function Note({ children, htmlOnly = false }: { children: ReactNode; htmlOnly?: boolean }) {
  return (
    <Text
      style={{ ...text, fontSize: '14px', lineHeight: '22px', color: look.navy700 }}
      {...(htmlOnly ? { 'data-skip-in-text': 'true' } : {})}
    >
      {children}
    </Text>
  );
}
