import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge';

/** The classes joined, a later utility replacing an earlier one for the same property (tailwind-merge's rule, ADR 0058). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
