/** The JSON body of every error answer from the gateway. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  /** One sentence a person can read; for validation errors, every field message joined by "; ". */
  message: string;
  /** Validation messages per field (property path → messages). */
  fields?: Record<string, string[]>;
  /** Present on 500s: quote it to support; it is in the server log. */
  errorId?: string;
}

export interface RegisterBuyerResponse {
  buyer: { id: string; name: string; email: string };
  message: string;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** stored: kept for the development mailbox (no SMTP); pending: waiting for SMTP; sent; failed: gave up. */
  status: 'stored' | 'pending' | 'sent' | 'failed';
  createdAt: string;
}

export interface ServiceHealth {
  service: string;
  status: 'up' | 'down';
  database: 'up' | 'down';
}

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  checks: Record<string, { status: 'up' | 'down'; detail?: string }>;
}
