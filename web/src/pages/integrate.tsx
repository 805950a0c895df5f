import type { ReactElement } from 'react';
import { PlannedPage } from '@/components/planned-page';

export function IntegratePage(): ReactElement {
  return (
    <PlannedPage
      title="Integrate Your Marketplace"
      summary="Bring PayMarket payments to your own marketplace: an overview, the setup form, integration guides with webhooks, and pricing at $3.56 per transaction."
    />
  );
}
