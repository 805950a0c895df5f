import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** The classes joined, a later utility replacing an earlier one for the same property: shadcn/ui's `cn`. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
