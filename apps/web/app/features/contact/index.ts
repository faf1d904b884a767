/** The contact feature's public face (issue 12 point 4). */

/** The contact dialog, loaded on first use (DESIGN §9 JS budget). */
export const loadContactDialog = () => import('./contact-dialog.tsx');
