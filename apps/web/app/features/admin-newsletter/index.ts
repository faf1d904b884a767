// Newsletter subscribers (admin Marketing).
export { FIRST_SUBSCRIBERS, subscribersQuery } from './api/get-subscribers.ts';
export { SubscribersPanel } from './components/subscribers-panel.tsx';
