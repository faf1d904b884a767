// Admin › Settings › Tax: tax classes, rates per shipping zone × class, and how prices are entered (admins only).
export { taxQuery } from './api/get-tax.ts';
export { TaxEditor } from './components/tax-editor.tsx';
