import { MarketingPage } from '../../features/admin-store/marketing-page.tsx';

export const meta = () => [{ title: 'Marketing · Admin' }];

/** Admin › Marketing (issue 5). */
export default function Page() {
  return <MarketingPage />;
}
