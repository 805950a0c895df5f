import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Port: hands an email to the outside world. */
export abstract class Mailer {
  /** False when emails are only kept for the development mailbox. */
  abstract readonly delivers: boolean;
  abstract send(email: OutgoingEmail): Promise<void>;
}

export class SmtpMailer extends Mailer {
  readonly delivers = true;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
    });
  }
}

/** Without SMTP_URL every email is stored and shown on /dev/mailbox instead of being sent. */
export class MailboxOnlyMailer extends Mailer {
  readonly delivers = false;
  async send(): Promise<void> {
    // Nothing leaves the machine.
  }
}
