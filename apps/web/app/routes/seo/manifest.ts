import type { Route } from './+types/manifest';

/**
 * The web app manifest: the store's name and the icons made from its logo, which phones use when the shop
 * is added to a home screen (docs/adr/040-store-logo.md). Without a logo it names the store only.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const store = await context.services.settings.profile();
  const body = {
    name: store.name,
    short_name: store.name.slice(0, 12),
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: store.colors.primary,
    icons: store.icons
      .filter((icon) => icon.size >= 192)
      .map((icon) => ({ src: icon.url, sizes: `${icon.size}x${icon.size}`, type: 'image/png' })),
  };
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
