/**
 * spec §2: any other path shows the 404 page. The loader throws so the server answers HTTP 404 (not a
 * 200 that merely looks like an error) and the root ErrorBoundary renders the page.
 */
export function loader(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** Never rendered: the loader always throws. It keeps this a page route rather than a resource route. */
export default function NotFound() {
  return null;
}
