// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryCombobox, countryOfText, localCountries, matchCountries } from './country-combobox.tsx';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="c">Country</label>
      <CountryCombobox
        control={{ id: 'c', 'aria-invalid': false, 'aria-describedby': undefined }}
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

afterEach(cleanup);

describe('the country field', () => {
  it('finds Germany from "Germ" and stores DE, showing the name', () => {
    render(<Field />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.change(input, { target: { value: 'Germ' } });
    expect(screen.getByRole('listbox').hidden).toBe(false);
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('Germany');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('DE');
    expect((input as HTMLInputElement).value).toBe('Germany');
  });

  it('moves through the choices with the arrow keys', () => {
    render(<Field />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.change(input, { target: { value: 'united' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toMatch(/-GB$/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('GB');
  });

  it('never turns a name into another country: text that is neither a name nor a code stays as typed', () => {
    expect(countryOfText('Germany')).toBe('DE');
    expect(countryOfText('ge')).toBe('GE');
    expect(countryOfText('Germ')).toBe('Germ');
    expect(matchCountries('de')[0]?.[0]).toBe('DE');
  });

  it('shows a stored code outside the list as it is', () => {
    render(<Field initial="UK" />);
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe('UK');
  });

  it('names the countries in the shopper’s language, in its order, and still finds them by their English names', () => {
    const german = localCountries('de-DE');
    expect(german.find(([code]) => code === 'DE')?.[1]).toBe('Deutschland');
    // Ägypten sorts with the A's in German, not after Z.
    const names = german.map(([, name]) => name);
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Belgien'));
    expect(matchCountries('deutsch', german)[0]?.[0]).toBe('DE');
    expect(matchCountries('germany', german)[0]?.[0]).toBe('DE');
    expect(countryOfText('Deutschland', german)).toBe('DE');
    expect(countryOfText('Vereinigtes Königreich', german)).toBe('GB');
    // English and an unknown tag keep the list's own names.
    expect(localCountries('en-GB').find(([code]) => code === 'DE')?.[1]).toBe('Germany');
    expect(localCountries('zz-invalid-tag-!').find(([code]) => code === 'DE')?.[1]).toBe('Germany');
  });
});
