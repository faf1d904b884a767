const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a UUID in its written form. Ids from a path are checked before they reach SQL, so
 * that `/products/abc` is a plain 404 and not a PostgreSQL cast error (a 500).
 */
export const isUuid = (value: string): boolean => UUID.test(value);
