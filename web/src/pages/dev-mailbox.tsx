import type { MailboxMessage } from '@paymarket/contracts';
import { useQuery } from '@tanstack/react-query';
import { Inbox, RefreshCw } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorMessage, errorStatus } from '@/lib/queryClient';
import { cn } from '@/lib/utils';

export const MAILBOX_QUERY_KEY = ['/api/dev/mailbox'] as const;

const STATUS_VARIANT = {
  stored: 'secondary',
  pending: 'outline',
  sent: 'success',
  failed: 'destructive',
} as const satisfies Record<MailboxMessage['status'], BadgeProps['variant']>;

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The email's text with its http(s) addresses as links (text stays text: nothing is parsed as HTML). */
export function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className="break-all text-primary underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function MessageCard({ message }: { message: MailboxMessage }): ReactElement {
  const date = new Date(message.createdAt);
  return (
    <Card className="p-5">
      <article aria-label={`Email to ${message.to}: ${message.subject}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="font-semibold">{message.subject}</h2>
          <Badge variant={STATUS_VARIANT[message.status]}>{message.status}</Badge>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="font-medium break-all">{message.to}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>
            <time dateTime={message.createdAt}>{Number.isNaN(date.getTime()) ? message.createdAt : date.toLocaleString()}</time>
          </dd>
        </dl>
        {/* Only the text part is shown: the HTML part is never injected into the page. */}
        {/* Focusable: a long email scrolls inside its box, and keyboard users must be able to scroll it too. */}
        <pre
          tabIndex={0}
          className="mt-4 max-h-80 overflow-auto rounded-lg bg-muted p-4 font-sans text-sm whitespace-pre-wrap text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {linkify(message.text)}
        </pre>
      </article>
    </Card>
  );
}

export function DevMailboxPage(): ReactElement {
  const mailbox = useQuery<MailboxMessage[]>({ queryKey: MAILBOX_QUERY_KEY });

  let body: ReactElement;
  if (mailbox.isPending) {
    body = <p className="text-muted-foreground">Loading emails…</p>;
  } else if (mailbox.isError) {
    body =
      errorStatus(mailbox.error) === 404 ? (
        <Card className="p-6">The development mailbox is off in production.</Card>
      ) : (
        <Card className="p-6 text-destructive" role="alert">
          {apiErrorMessage(mailbox.error, 'Unable to load the mailbox.')}
        </Card>
      );
  } else if (mailbox.data.length === 0) {
    body = (
      <Card className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
        <Inbox className="size-8" aria-hidden="true" />
        <p>No emails yet.</p>
      </Card>
    );
  } else {
    body = (
      <ul className="space-y-4" aria-label="Emails">
        {mailbox.data.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          eyebrow="Development"
          title="Mailbox"
          description="Emails PayMarket would have sent, newest first. Only available outside production."
        />
        <Button variant="outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          <RefreshCw className={cn(mailbox.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {body}
    </section>
  );
}
