import type { BuyerRequestView } from '@paymarket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiErrorMessage, apiRequest } from '@/lib/queryClient';
import { BUYER_REQUESTS_PATH } from '@/pages/requests/board-filters';
import { RequestDialog } from './dialog';

/** Spec §7: the delete is preceded by this exact confirmation. */
export function deleteConfirmation(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

export function DeleteRequestDialog({ request, onClose }: { request: BuyerRequestView | null; onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${BUYER_REQUESTS_PATH}/${id}`);
    },
    onSuccess: async () => {
      toast({ title: 'Request Deleted', description: 'Your request has been deleted.' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: [BUYER_REQUESTS_PATH] });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to Delete Request', description: apiErrorMessage(error, 'Please try again.') });
    },
  });
  return (
    <RequestDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Request"
      description={request ? deleteConfirmation(request.title) : ''}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => request && remove.mutate(request.id)} disabled={remove.isPending}>
          {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Delete
        </Button>
      </div>
    </RequestDialog>
  );
}
