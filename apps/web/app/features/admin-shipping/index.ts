// Admin › Settings › Shipping: the shipping zones, their methods and rates (admins only), and the picker of many countries other settings share.
export { shippingQuery } from './api/get-shipping.ts';
export { CountryPicker } from './components/country-picker.tsx';
export { ShippingZonesEditor } from './components/shipping-zones-editor.tsx';
