/** Placeholder until the storefront issue builds it. */
export function loader() {
  return new Response('User-agent: *\nAllow: /\n', { headers: { 'content-type': 'text/plain' } });
}
