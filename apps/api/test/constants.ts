/** The admin every test database starts with (seeded into the template). */
export const TEST_ADMIN = { email: 'admin@shop.test', password: 'Admin-Passw0rd!' } as const;
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
