import { Module, type DynamicModule } from '@nestjs/common';
import { loadConfig, ServicePlatformModule, type ServiceRuntimeConfig } from '@paymarket/platform';
import { CreateEmails1763769800000 } from './database/migrations/1763769800000-create-emails.js';
import { EmailDeliveryWorker } from './email/email-delivery.worker.js';
import { EmailEntity } from './email/email.entity.js';
import { EmailsRepository, TypeOrmEmailsRepository } from './email/emails.repository.js';
import { MailboxOnlyMailer, Mailer, SmtpMailer } from './email/mailer.js';
import { CatalogEmailsHandler } from './catalog/catalog-emails.handler.js';
import { CompanyEmailsHandler } from './companies/company-emails.handler.js';
import { MailboxHandler } from './mailbox/mailbox.handler.js';
import { InterestRecordedHandler } from './requests/interest-recorded.handler.js';
import { QuoteEmailsHandler } from './quotes/quote-emails.handler.js';
import { DisputeEmailsHandler } from './disputes/dispute-emails.handler.js';
import { BuyerRegisteredHandler } from './welcome/buyer-registered.handler.js';
import { MarketplaceRegisteredHandler } from './marketplaces/marketplace-registered.handler.js';
import { SignInCodeRequestedHandler } from './sign-in/sign-in-code-requested.handler.js';
import { AccountDeletionEmailsHandler } from './account-deletion/account-deletion-emails.handler.js';
import { PaymentEmailsHandler } from './payments/payment-emails.handler.js';
import { EventEmails } from './email/event-emails.js';
import { CreateWebhooks1763850000000 } from './database/migrations/1763850000000-create-webhooks.js';
import { WEBHOOK_DELIVERY_SETTINGS, WebhookDeliveryWorker } from './webhooks/webhook-delivery.worker.js';
import { WebhookEndpointsHandler } from './webhooks/webhook-endpoints.handler.js';
import { WebhookEventsHandler, WebhookFanout } from './webhooks/webhook-events.handler.js';
import { deliverySettings, WebhooksEnv } from './webhooks/webhook-retry.js';
import { WEBHOOK_SECRET_BOX, WebhookSecrets } from './webhooks/webhook-secrets.js';
import { keyRing, WebhookSecretBox, WebhookSecretsEnv } from './webhooks/webhook-secret-box.js';
import { WebhookEndpointSecrets1763900000000 } from './database/migrations/1763900000000-webhook-endpoint-secrets.js';
import { WebhookDeliveryLogAndEvents1763910000000 } from './database/migrations/1763910000000-webhook-delivery-log-and-events.js';
import { WebhookDeliveryTraceContext1764060000000 } from './database/migrations/1764060000000-webhook-delivery-trace-context.js';
import { EmailSecrets1764100000000 } from './database/migrations/1764100000000-email-secrets.js';
import { WebhookDeliveriesHandler } from './webhooks/webhook-deliveries.handler.js';
import { WebhookMaintenance } from './webhooks/webhook-maintenance.js';
import { TypeOrmWebhooksRepository, WebhooksRepository } from './webhooks/webhooks.repository.js';

export interface NotificationsConfig {
  /** smtp(s)://user:pass@host:port — without it emails are kept for the development mailbox only. */
  smtpUrl?: string;
  mailFrom: string;
}

@Module({})
export class NotificationsModule {
  static forRoot(config: ServiceRuntimeConfig, mail: NotificationsConfig): DynamicModule {
    // Read before anything connects, so a bad or (in production) missing variable stops the boot naming it.
    const webhookSettings = deliverySettings(loadConfig(WebhooksEnv));
    const webhookSecretBox = new WebhookSecretBox(keyRing(loadConfig(WebhookSecretsEnv), config.production));
    return {
      module: NotificationsModule,
      imports: [
        ServicePlatformModule.forService(config, {
          entities: [EmailEntity],
          migrations: [
            CreateEmails1763769800000,
            CreateWebhooks1763850000000,
            WebhookEndpointSecrets1763900000000,
            WebhookDeliveryLogAndEvents1763910000000,
            WebhookDeliveryTraceContext1764060000000,
            EmailSecrets1764100000000,
          ],
        }),
      ],
      controllers: [
        BuyerRegisteredHandler,
        InterestRecordedHandler,
        QuoteEmailsHandler,
        DisputeEmailsHandler,
        SignInCodeRequestedHandler,
        CatalogEmailsHandler,
        MailboxHandler,
        MarketplaceRegisteredHandler,
        AccountDeletionEmailsHandler,
        CompanyEmailsHandler,
        PaymentEmailsHandler,
        WebhookEndpointsHandler,
        WebhookEventsHandler,
        WebhookDeliveriesHandler,
      ],
      providers: [
        { provide: EmailsRepository, useClass: TypeOrmEmailsRepository },
        { provide: Mailer, useFactory: () => (mail.smtpUrl ? new SmtpMailer(mail.smtpUrl, mail.mailFrom) : new MailboxOnlyMailer()) },
        EmailDeliveryWorker,
        EventEmails,
        { provide: WebhooksRepository, useClass: TypeOrmWebhooksRepository },
        { provide: WEBHOOK_DELIVERY_SETTINGS, useValue: webhookSettings },
        { provide: WEBHOOK_SECRET_BOX, useValue: webhookSecretBox },
        WebhookSecrets,
        WebhookDeliveryWorker,
        WebhookMaintenance,
        WebhookFanout,
      ],
    };
  }
}
