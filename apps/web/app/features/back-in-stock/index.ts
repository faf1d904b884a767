/** The back-in-stock feature's public face: the product page's Notify me, loaded on demand. */
export const loadNotifyMe = () => import('./components/notify-me.tsx');
