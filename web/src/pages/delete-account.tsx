import type { ReactElement } from 'react';
import { PlannedPage } from '@/components/planned-page';

export function DeleteAccountPage(): ReactElement {
  return (
    <PlannedPage
      title="Delete Your Account"
      summary="You will be able to ask for your account and data to be deleted here; requests are processed within 90 days and confirmed by email."
    />
  );
}
