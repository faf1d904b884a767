// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appNavigate, setAppNavigator } from './app-navigator.ts';
import { takeFlash } from './flash.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('appNavigate', () => {
  it('before the router is registered: a full page load, its message handed to the next page once', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    appNavigate('/', { kind: 'error', message: 'Session expired, please signin again.', id: 'session-expired' });
    expect(assign).toHaveBeenCalledWith('/');
    expect(takeFlash()).toEqual({
      kind: 'error',
      message: 'Session expired, please signin again.',
      id: 'session-expired',
    });
    expect(takeFlash()).toBeNull();
  });

  it('with the router: navigates in place and leaves nothing for a next page', () => {
    const navigate = vi.fn();
    const unregister = setAppNavigator(navigate);
    appNavigate('/', { kind: 'error', message: 'Bye' });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(takeFlash()).toBeNull();
    unregister();
  });

  it('ignores a stored message it cannot read', () => {
    sessionStorage.setItem('flash', '{"kind":"shout","message":1}');
    expect(takeFlash()).toBeNull();
    sessionStorage.setItem('flash', 'not json');
    expect(takeFlash()).toBeNull();
  });
});
