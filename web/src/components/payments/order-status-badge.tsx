import type { ReactElement } from 'react';
import { cn } from '@/lib/utils';

// Spec §4: completed green, processing blue, failed red, any other value (pending included) yellow; missing grey.
const STATUS_CLASS: Record<string, string> = {
  completed: 'border-green-200 bg-green-100 text-green-800',
  processing: 'border-blue-200 bg-blue-100 text-blue-800',
  failed: 'border-red-200 bg-red-100 text-red-800',
};
const DEFAULT_CLASS = 'border-yellow-200 bg-yellow-100 text-yellow-800';
const UNKNOWN_CLASS = 'border-gray-200 bg-gray-100 text-gray-700';

/** "partially_refunded" → "Partially Refunded"; a missing status → "Unknown". */
export function statusLabel(status: string | null | undefined): string {
  if (status === null || status === undefined || status.trim() === '') return 'Unknown';
  return status
    .trim()
    .split(/[_\s-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export function statusColour(status: string | null | undefined): 'green' | 'blue' | 'red' | 'yellow' | 'grey' {
  if (status === null || status === undefined || status.trim() === '') return 'grey';
  switch (status) {
    case 'completed':
      return 'green';
    case 'processing':
      return 'blue';
    case 'failed':
      return 'red';
    default:
      return 'yellow';
  }
}

export function OrderStatusBadge({ status }: { status: string | null | undefined }): ReactElement {
  const missing = status === null || status === undefined || status.trim() === '';
  return (
    <span
      data-status-colour={statusColour(status)}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        missing ? UNKNOWN_CLASS : (STATUS_CLASS[status] ?? DEFAULT_CLASS),
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
