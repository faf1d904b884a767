import { ensureAdminData } from '../../features/admin/index.ts';
import { categoriesQuery } from '../../features/admin-categories/index.ts';
import { HomePageEditor, homePageQuery } from '../../features/admin-home-page/index.ts';

export function meta() {
  return [{ title: 'Home page · Admin' }];
}

/** The saved sections, and the categories a rail may show. */
export async function clientLoader() {
  return ensureAdminData([homePageQuery(), categoriesQuery()]);
}

export default function Page() {
  return <HomePageEditor />;
}
