import { Module, type DynamicModule } from '@nestjs/common';
import { BuyersController } from './buyers/buyers.controller.js';
import { CATALOG_CONTROLLERS } from './catalog/index.js';
import { MailboxController } from './dev/mailbox.controller.js';
import { BuyerRequestsController } from './requests/buyer-requests.controller.js';
import { QuotesController } from './quotes/quotes.controller.js';
import { ProviderStatementsController, StatementsController } from './statements/statements.controller.js';
import { MarketplaceStatementController } from './statements/marketplace-statement.controller.js';
import { PayeeAuthController } from './auth/payee-auth.controller.js';
import { PaymentsController } from './payments/payments.controller.js';
import { IntegratorOrdersController } from './payments/integrator-orders.controller.js';
import { IntegratorRefundsController } from './payments/integrator-refunds.controller.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config.js';
import { HealthController } from './health/health.controller.js';
import { GatewayRpc } from './http/rpc.provider.js';
import { ShowcaseCache } from './catalog/showcase-cache.js';
import { BoardCache } from './requests/board-cache.js';
import { SpaController } from './web/spa.controller.js';
import { LiveViews } from './web/live-views.js';
import { AdminAuthController } from './auth/admin-auth.controller.js';
import { AdminSecondFactorController } from './auth/admin-second-factor.controller.js';
import { AdminSessionsController } from './auth/admin-sessions.controller.js';
import { AdminAuditController, ConsoleAuditController } from './audit/audit.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { AdminCompaniesController, ApiAccessController } from './companies/companies.controller.js';
import { AccountDeletionController } from './account-deletion/account-deletion.controller.js';
import { MarketplacesController } from './marketplaces/marketplaces.controller.js';
import { CompanyMarketplaceController } from './marketplaces/company-marketplace.controller.js';
import { WebhookEndpointsController } from './webhooks/webhook-endpoints.controller.js';
import { OpenApiController, OpenApiDocumentHolder } from './openapi/openapi.controller.js';
import { WebhookDeliveriesController } from './webhooks/webhook-deliveries.controller.js';
import { EventsController } from './events/events.controller.js';
import { ConsoleController } from './console/console.controller.js';
import { ConsoleSessionsController } from './console/console-sessions.controller.js';
import { ApiKeysController } from './api-keys/api-keys.controller.js';
import { SdkDownloadController } from './sdk/sdk-download.controller.js';
import { EmbedController } from './embed/embed.controller.js';
import { EmbedMarketplaceCache } from './embed/embed-marketplaces.js';
import { EmbedTokenGuard } from './embed/embed-access.js';
import { EmbedTokens, embedTokenSecretOf } from './embed/embed-token.js';
import { WidgetController } from './embed/widget.controller.js';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      // SpaController last: its catch-all must not shadow API routes.
      imports: [RateLimitModule.forRoot()],
      controllers: [
        HealthController,
        AuthController,
        AdminAuthController,
        AdminSecondFactorController,
        AdminSessionsController,
        AdminAuditController,
        BuyersController,
        MailboxController,
        BuyerRequestsController,
        QuotesController,
        StatementsController,
        ProviderStatementsController,
        MarketplaceStatementController,
        PayeeAuthController,
        ...CATALOG_CONTROLLERS,
        PaymentsController,
        IntegratorOrdersController,
        IntegratorRefundsController,
        MarketplacesController,
        AccountDeletionController,
        ApiAccessController,
        AdminCompaniesController,
        WebhookEndpointsController,
        WebhookDeliveriesController,
        EventsController,
        ConsoleController,
        ConsoleSessionsController,
        ConsoleAuditController,
        ApiKeysController,
        CompanyMarketplaceController,
        EmbedController,
        WidgetController,
        OpenApiController,
        SdkDownloadController,
        SpaController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        GatewayRpc,
        OpenApiDocumentHolder,
        ShowcaseCache,
        BoardCache,
        LiveViews,
        EmbedMarketplaceCache,
        // Fails the gateway's start in production without EMBED_TOKEN_SECRET (ADR 0052).
        { provide: EmbedTokens, useFactory: () => new EmbedTokens(embedTokenSecretOf(config)) },
        EmbedTokenGuard,
      ],
    };
  }
}
