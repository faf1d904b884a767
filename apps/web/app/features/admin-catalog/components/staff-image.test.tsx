// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJsonApi } from '../../../lib/testing/fake-json-api.ts';
import { login, logout } from '../../auth/index.ts';
import { StaffImage } from './staff-image.tsx';

const PICTURE = new Uint8Array([0x52, 0x49, 0x46, 0x46]);
let api: ReturnType<typeof fakeJsonApi>;

beforeEach(() => {
  api = fakeJsonApi({
    'GET admin/media/products/draft-lamp/1.svg': () =>
      new Response(PICTURE, { status: 200, headers: { 'content-type': 'image/svg+xml' } }),
  });
  vi.stubGlobal('fetch', api.fetch);
  login(
    {
      id: 'staff-1',
      email: 'staff@shop.test',
      username: 'staff',
      first_name: 'S',
      last_name: 'T',
      role: 'staff',
      name: 'S T',
    },
    { access: 'access-1', refresh: 'refresh-1' },
  );
});
afterEach(() => {
  cleanup();
  logout();
  vi.unstubAllGlobals();
});

describe('StaffImage', () => {
  it('reads the picture from the admin media route with the session and shows it as a data: URL', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StaffImage src="/media/products/draft-lamp/1.svg" alt="Draft lamp" width={40} height={40} />
      </QueryClientProvider>,
    );
    const img = screen.getByRole('img', { name: 'Draft lamp' });
    await waitFor(() => expect(img.getAttribute('src')).toBe('data:image/svg+xml;base64,UklGRg=='));
    expect(api.calls).toEqual([
      {
        method: 'GET',
        path: 'admin/media/products/draft-lamp/1.svg',
        body: undefined,
        authorization: 'Bearer access-1',
      },
    ]);
  });
});
