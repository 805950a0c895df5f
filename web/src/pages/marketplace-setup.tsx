import type { ReactElement } from 'react';
import { PlannedPage } from '@/components/planned-page';

export function MarketplaceSetupPage(): ReactElement {
  return (
    <PlannedPage
      title="Marketplace Setup"
      summary="Embed PayMarket in your own site with a widget, the REST API, webhooks or the full SDK, with code ready to copy."
    />
  );
}
