// @vitest-environment happy-dom
import { ERROR_ID_PATTERN } from '@shop/contracts/error-reports';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_VARIANTS } from '../error-variants.ts';
import { ERROR_PAGE_TEXT, ErrorPage, type ErrorPageProps } from './error-page.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

let pageProps: ErrorPageProps = {};
const PageUnderTest = () => <ErrorPage {...pageProps} />;
const HomeStub = () => <p>Home page</p>;
const Placeholder = () => <p>page</p>;
const NoFallback = () => null;

function renderPage(props: ErrorPageProps, url = '/products/lamp?color=red') {
  pageProps = props;
  const Stub = createRoutesStub([
    { path: '/products/:id', Component: PageUnderTest },
    { path: '/', Component: HomeStub },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const EXPECTED_TITLES = {
  server: 'Server Error',
  network: 'Connection Error',
  timeout: 'Request Timeout',
  forbidden: 'Access Denied',
  payment: 'Payment Error',
  maintenance: 'Under Maintenance',
  general: 'Unexpected Error',
} as const;

const PROBLEMS = ERROR_VARIANTS.filter((v) => v !== 'maintenance');

describe('ErrorPage variants (docs/product.md §2, §8)', () => {
  it.each(PROBLEMS)('%s: its exact title, description, suggestions and the help links', (variant) => {
    renderPage({ variant, status: 500 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(EXPECTED_TITLES[variant]);
    expect(screen.getByText(ERROR_PAGE_TEXT[variant].description)).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(ERROR_PAGE_TEXT[variant].suggestions);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/help');
    // The status page that exists, not a dead anchor on the Help Center.
    expect(screen.getByRole('link', { name: 'System status' }).getAttribute('href')).toBe('/status');
    expect(screen.getByRole('link', { name: 'Homepage' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('maintenance: calm — its title, description and suggestions, no crash furniture, only open links', () => {
    renderPage({ variant: 'maintenance', status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down for updates' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Under Maintenance');
    expect(screen.getByText(ERROR_PAGE_TEXT.maintenance.description)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      ERROR_PAGE_TEXT.maintenance.suggestions,
    );
    const text = document.body.textContent ?? '';
    for (const crash of ['Error 503', 'Error ID', 'Report this error', 'technical details', 'SERVICE_UNAVAILABLE']) {
      expect(text).not.toContain(crash);
    }
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    // Links only to what maintenance leaves open; the storefront's pages would show this page again.
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/status', '/admin/auth/login']);
  });

  it('defaults to the general page with code ERR_UNKNOWN, message "Something went wrong" and status 500', () => {
    renderPage({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Error');
    fireEvent.click(screen.getByRole('button', { name: 'Show technical details' }));
    expect(details()).toEqual({
      Status: '500',
      Code: 'ERR_UNKNOWN',
      Message: 'Something went wrong',
      Path: '/products/lamp?color=red',
    });
  });

  it('heads HTTP errors with their status, failures without an answer so, and others with the router text', () => {
    renderPage({ variant: 'forbidden', status: 403 });
    expect(screen.getByText('Error 403')).toBeTruthy();
    cleanup();
    renderPage({ variant: 'general', http: false });
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    cleanup();
    renderPage({ variant: 'network', code: 'ERR_NETWORK' });
    expect(screen.getByRole('heading', { level: 1 }).previousElementSibling?.textContent).toBe('No response');
  });
});

/** The technical details as label → value. */
function details() {
  const dts = [...document.querySelectorAll('dt')].map((n) => n.textContent ?? '');
  const dds = [...document.querySelectorAll('dd')].map((n) => n.textContent ?? '');
  return Object.fromEntries(dts.map((k, i) => [k, dds[i]]));
}

describe('ErrorPage controls', () => {
  it('toggles the technical details: status, code, message, path — "No response" without an answer', () => {
    renderPage({ variant: 'network', code: 'ERR_NETWORK', message: 'Failed to fetch' });
    const toggle = screen.getByRole('button', { name: 'Show technical details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(details()).toEqual({
      Status: 'No response',
      Code: 'ERR_NETWORK',
      Message: 'Failed to fetch',
      Path: '/products/lamp?color=red',
    });
    // No stack in a production page, even when one is known.
    expect(document.querySelector('pre')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide technical details' }));
    expect(panel?.hidden).toBe(true);
  });

  it('shows a generated error ID and copies it to the clipboard', async () => {
    const writeText = vi.fn(async (_: string) => {});
    vi.stubGlobal('navigator', { ...navigator, onLine: true, clipboard: { writeText } });
    renderPage({ variant: 'server', status: 500 });
    const id = screen.getByTestId('error-id').textContent ?? '';
    expect(id).toMatch(ERROR_ID_PATTERN);
    fireEvent.click(screen.getByRole('button', { name: 'Copy error ID' }));
    await screen.findByText('Error ID copied to the clipboard.');
    expect(writeText).toHaveBeenCalledWith(id);
  });

  it('Try Again shows a spinner, waits 2 s (docs/product.md §9) and then retries', () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    renderPage({ variant: 'server', status: 500, onRetry });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const busy = screen.getByRole('button', { name: 'Trying again…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.querySelector('svg')?.getAttribute('class')).toContain('animate-spin');
    act(() => vi.advanceTimersByTime(1999));
    expect(onRetry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('Go Back with no history in the shop goes to the homepage', async () => {
    renderPage({ variant: 'server', status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await screen.findByText('Home page');
  });

  it('Report posts the error ID and details to /api/error-reports and shows the thanks', async () => {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      requests.push(input);
      return Response.json({ message: 'Thanks — the report was sent.' }, { status: 201 });
    });
    renderPage({ variant: 'timeout', status: 504, code: 'HTTP_504', message: 'Back soon' });
    const id = screen.getByTestId('error-id').textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Report this error' }));
    await screen.findByText('Thanks — the report was sent.');
    expect(screen.queryByRole('button', { name: 'Report this error' })).toBeNull();
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/error-reports');
    expect(await request.json()).toEqual({
      error_id: id,
      message: 'Back soon',
      code: 'HTTP_504',
      status: 504,
      path: '/products/lamp?color=red',
      details: { variant: 'timeout', title: 'Request Timeout', online: true },
    });
  });

  it('says so when the report could not be sent, and lets the shopper try again', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ message: 'Too many attempts.', code: 'RATE_LIMITED' }, { status: 429 }),
    );
    renderPage({ variant: 'server', status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Report this error' }));
    await screen.findByText('The report could not be sent. Please try again later.');
    expect(screen.getByRole('button', { name: 'Report this error' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('RouteErrorBoundary', () => {
  function renderRoute(loader: () => unknown) {
    const Stub = createRoutesStub([
      {
        path: '/page',
        loader,
        Component: Placeholder,
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: NoFallback,
      },
    ]);
    return render(<Stub initialEntries={['/page']} />);
  }

  it.each([
    [500, 'Server Error'],
    [403, 'Access Denied'],
    [402, 'Payment Error'],
    [408, 'Request Timeout'],
    [503, 'Under Maintenance'],
    [418, 'Unexpected Error'],
  ])('a loader failing with %i shows "%s"', async (status, title) => {
    renderRoute(() => {
      throw data({ message: 'Nope', code: 'X' }, { status });
    });
    expect((await screen.findByRole('heading', { level: 1, name: title })).textContent).toBe(title);
    // Maintenance is planned, not an error: its page shows no status code.
    if (status === 503) expect(screen.getByText('Scheduled maintenance')).toBeTruthy();
    else expect(screen.getByText(`Error ${status}`)).toBeTruthy();
  });

  it('a 404 shows the 404 page', async () => {
    renderRoute(() => {
      throw new Response('Not Found', { status: 404 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeTruthy();
  });

  it("a thrown error shows the general page under the router's 'Unexpected Application Error!'", async () => {
    renderRoute(() => {
      throw new Error('kaput');
    });
    await screen.findByRole('heading', { level: 1, name: 'Unexpected Error' });
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show technical details' }));
    expect(details()).toMatchObject({ Status: '500', Code: 'ERR_UNKNOWN', Message: 'kaput' });
  });

  it('a loader whose fetch got no answer shows the connection error', async () => {
    renderRoute(() => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connection Error'));
  });
});
