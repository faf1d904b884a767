import { type ClassValue, clsx } from 'clsx';

/** Joins class names. (No tailwind-merge: its 7 kB would not fit the storefront's JS budget.) */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
