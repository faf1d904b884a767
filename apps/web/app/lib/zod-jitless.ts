// Imported first by root.tsx, so it runs before any module of the page builds a zod schema.
//
// zod builds a fast parser with `new Function` where it may, and probes once whether it may as soon as a
// schema of an object is built. Our pages' CSP forbids it: the probe is caught, yet Chromium reported it
// as a `script-src 'eval'` violation on every page whose modules built a schema. zod does not
// probe when `jitless`. Its settings are one object on globalThis, read by every copy of zod (what
// `z.config()` writes): set here without loading zod itself into every page's first JavaScript
// (`z.config` would add 4 kB to it). In the browser only: the server keeps the fast parser.
if (typeof document !== 'undefined') {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });
}
