import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

/** The console's modal (Radix Dialog): focus trapped and returned, Escape and the close button dismiss it. */
export function ConsoleDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="pr-8 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
          <div className="mt-4">{children}</div>
          <Dialog.Close
            className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

async function copy(secret: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(secret);
    toast({ title: 'Copied', description: 'The secret is on your clipboard.' });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the secret and copy it by hand.' });
  }
}

/** A secret the API answers only now (a new key, a new endpoint, a roll, a reveal): shown in a modal with a copy button. */
export function SecretDialog({
  title,
  secret,
  note,
  onClose,
}: {
  title: string;
  secret: string | null;
  note?: ReactNode;
  onClose: () => void;
}): ReactElement {
  return (
    <ConsoleDialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Copy it now and keep it somewhere safe: it is not shown again here."
    >
      <code data-testid="secret-once" className="block rounded-lg bg-muted p-3 font-mono text-sm break-all">
        {secret}
      </code>
      {note && <p className="mt-2 text-sm text-muted-foreground">{note}</p>}
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => void copy(secret ?? '')}>
          Copy
        </Button>
        <Button type="button" onClick={onClose}>
          I have saved it
        </Button>
      </div>
    </ConsoleDialog>
  );
}

/** Asks before an action that cannot be undone; the API's refusal is said inside (the modal hides the toasts). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = false,
  pending,
  error,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  children?: ReactNode;
}): ReactElement {
  return (
    <ConsoleDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        {children}
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ConsoleDialog>
  );
}
