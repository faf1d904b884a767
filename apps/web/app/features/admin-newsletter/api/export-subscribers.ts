import { downloadCsv } from '../../admin/index.ts';

/** GET /api/admin/newsletter-subscribers as CSV, saved as a file (the list's search and status apply). */
export const exportSubscribers = (filters: { q: string; status: string }) =>
  downloadCsv('admin/newsletter-subscribers', filters, 'newsletter-subscribers.csv');
