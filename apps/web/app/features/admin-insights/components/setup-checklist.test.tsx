// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SetupSteps } from './setup-checklist.tsx';

afterEach(cleanup);

const step = (id: string, label: string, done: boolean) => ({
  id: id as 'identity',
  label,
  detail: done ? `${label} done` : `${label} missing`,
  done,
  href: id === 'categories' ? '/admin/categories' : '/admin/settings',
});

function show(steps: ReturnType<typeof step>[]) {
  const Stub = createRoutesStub([
    { path: '/admin', Component: () => <SetupSteps checklist={{ shown: true, steps }} /> },
  ]);
  render(<Stub initialEntries={['/admin']} />);
}

describe('the first-start checklist', () => {
  it('counts what is done, says so to screen readers, and links each open step to where it is done', () => {
    show([step('identity', 'Store name and logo', true), step('categories', 'Categories', false)]);
    expect(screen.getByText('1 of 2 done. Each step is ticked once the shop has it.')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Store name and logo (done)');
    expect(within(items[0] as HTMLElement).queryByRole('link')).toBeNull();
    expect(items[1]?.textContent).toContain('Categories (to do)');
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'Set up categories' })
        .getAttribute('href'),
    ).toBe('/admin/categories');
  });
});
