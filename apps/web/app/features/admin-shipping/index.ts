// Admin › Settings › Shipping: the shipping zones, their methods and rates (admins only).
export { shippingQuery } from './api/get-shipping.ts';
export { ShippingZonesEditor } from './components/shipping-zones-editor.tsx';
