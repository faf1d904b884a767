import { Outlet } from 'react-router';

/** The auth pages layout (spec §2). */
export default function AuthLayout() {
  return <Outlet />;
}
