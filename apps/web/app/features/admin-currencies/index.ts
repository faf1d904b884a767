// Admin › Settings › Currencies: the base currency and the ones shoppers may pay in (admins only).
export { currenciesQuery } from './api/get-currencies.ts';
export { CurrenciesEditor } from './components/currencies-editor.tsx';
