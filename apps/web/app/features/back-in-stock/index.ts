/** The back-in-stock feature's public face (issue 12 point 4): the product page's Notify me, loaded on demand. */
export const loadNotifyMe = () => import('./components/notify-me.tsx');
