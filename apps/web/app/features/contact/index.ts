/** The contact feature's public face. */

/** The contact dialog, loaded on first use (docs/architecture.md §9 JS budget). */
export const loadContactDialog = () => import('./components/contact-dialog.tsx');
