import type { BuyerRequestView, SellerProfile } from '@paymarket/contracts';
import { BUYER_REQUEST_MESSAGES, REQUEST_LIMITS } from '@/lib/contracts-light';
import { useMutation, useQueries } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage } from '@/lib/queryClient';
import { BUYER_REQUESTS_PATH } from '@/pages/requests/board-filters';
import { RequestDialog } from './dialog';
import { storedSellerAuths, type StoredSellerAuth } from './seller-auth';

/** POST /api/buyer-requests/contact as the seller whose edit token this browser keeps; errors read "{status}: {body}". */
async function sendInterest(seller: StoredSellerAuth, requestId: string, sellerMessage: string): Promise<void> {
  const res = await fetch(`${BUYER_REQUESTS_PATH}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seller.token}`, 'X-Seller-Id': seller.sellerId },
    body: JSON.stringify({ requestId, sellerMessage }),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
}

/**
 * Spec §7 Contact Buyer prompt: an optional intro message (empty sends "I'm interested in your project!"); Cancel
 * sends nothing. The seller is whoever registered in this browser; with several, they pick the business.
 */
export function ContactBuyerDialog({ request, onClose }: { request: BuyerRequestView | null; onClose: () => void }): ReactElement {
  const [sellers, setSellers] = useState<StoredSellerAuth[]>([]);
  const [sellerId, setSellerId] = useState('');
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!request) return;
    const found = storedSellerAuths();
    setSellers(found);
    setSellerId(found[0]?.sellerId ?? '');
    setMessage('');
  }, [request]);

  // Business names for the picker; an id stays readable if its profile cannot be loaded.
  const profiles = useQueries({
    queries: sellers.map((s) => ({ queryKey: ['/api/sellers', s.sellerId], enabled: request !== null && sellers.length > 1 })),
  });
  const nameOf = (id: string, index: number): string =>
    (profiles[index]?.data as SellerProfile | undefined)?.businessName ?? `Seller ${id.slice(0, 8)}`;

  const contact = useMutation({
    mutationFn: async (input: { seller: StoredSellerAuth; requestId: string; sellerMessage: string }) =>
      sendInterest(input.seller, input.requestId, input.sellerMessage),
    onSuccess: () => {
      toast({ title: 'Interest Recorded', description: 'The buyer will receive your contact information.' });
      onClose();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to Send Interest', description: apiErrorMessage(error, 'Please try again.') });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const seller = sellers.find((s) => s.sellerId === sellerId);
    if (!request || !seller) return;
    contact.mutate({ seller, requestId: request.id, sellerMessage: message.trim() || BUYER_REQUEST_MESSAGES.DEFAULT_SELLER_MESSAGE });
  };

  return (
    <RequestDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Contact Buyer"
      description={request ? `About "${request.title}"` : undefined}
    >
      {sellers.length === 0 ? (
        <div className="space-y-4">
          <p className="text-sm">
            Only registered sellers can contact buyers. Register your business as a seller on this device, then come back and press Contact
            Buyer: the buyer receives your business name, contact details and message by email.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button asChild>
              <Link to="/seller-registration">Become a Seller</Link>
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Contact Buyer">
          {sellers.length > 1 && (
            <div className="space-y-2">
              <Label htmlFor="contact-seller">Contact as</Label>
              <Select id="contact-seller" value={sellerId} onChange={(event) => setSellerId(event.target.value)}>
                {sellers.map((s, index) => (
                  <option key={s.sellerId} value={s.sellerId}>
                    {nameOf(s.sellerId, index)}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="contact-message">Introduce yourself (optional)</Label>
            <Textarea
              id="contact-message"
              rows={3}
              maxLength={REQUEST_LIMITS.SELLER_MESSAGE}
              placeholder={BUYER_REQUEST_MESSAGES.DEFAULT_SELLER_MESSAGE}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            <p className="text-xs text-muted-foreground">
              The buyer receives your business name, contact details and this message by email.
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={contact.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={contact.isPending}>
              {contact.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Send Interest
            </Button>
          </div>
        </form>
      )}
    </RequestDialog>
  );
}
