// Staff accounts (admin Settings; admins only).
export { staffQuery } from './api/get-staff.ts';
export { StaffSection } from './components/staff-section.tsx';
