import { Outlet } from 'react-router';

/** The admin layout (spec §2). */
export default function AdminLayout() {
  return <Outlet />;
}
