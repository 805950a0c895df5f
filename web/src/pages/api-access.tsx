import type { ReactElement } from 'react';
import { PlannedPage } from '@/components/planned-page';

export function ApiAccessPage(): ReactElement {
  return (
    <PlannedPage
      title="Request API Access"
      summary="Companies will apply for API credentials here; most applications are verified automatically and the rest are reviewed within 24 hours."
    />
  );
}
