import type { ConsoleMeResponse, ConsoleSignInCodeResponse } from '@paymarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { EmailCodeSignIn } from '@/components/auth/email-code-sign-in';
import { CONSOLE_ME_KEY } from '@/hooks/use-viewer';
import { consoleCall } from './console-api';

/** The console's sign-in: the company contact's email → an emailed 6-digit code → the pm_console session. */
export function ConsoleSignIn(): ReactElement {
  const client = useQueryClient();
  return (
    <div className="mx-auto max-w-md">
      <EmailCodeSignIn<ConsoleMeResponse>
        title="Sign in to the console"
        emailDescription="Enter your company's contact email (the one that requested API access). We will email you a 6-digit code."
        emailLabel="Contact email"
        requestCode={(email) => consoleCall<ConsoleSignInCodeResponse>('POST', '/api/console/sign-in/code', { email })}
        verifyCode={(input) => consoleCall<ConsoleMeResponse>('POST', '/api/console/sign-in/verify', input)}
        onSignedIn={(result) => client.setQueryData(CONSOLE_ME_KEY, result)}
      />
    </div>
  );
}
