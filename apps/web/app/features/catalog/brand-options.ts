import { FILTER_BRANDS } from '@shop/contracts/categories';
import { formatCount } from '../../lib/plural.ts';

/** A brand and its number of products in the current result (GET brands with the listing's filters). */
export interface BrandFacet {
  id: string;
  name: string;
  count: number;
}

export interface BrandOption {
  value: string;
  label: string;
  /** Nothing in the current result: shown (the documented list stays) but not offered. */
  disabled: boolean;
}

/**
 * The brand select's options: "All brands", then the documented list (apple, samsung,
 * nike, adidas) as the first entries, then every other brand of the current result by name, each with
 * its count in that result ("Sony (12)"). A brand chosen in the URL stays listed even without a match,
 * so the select shows what applies.
 */
export function brandOptions(facets: readonly BrandFacet[], selected: string): BrandOption[] {
  const byId = new Map(facets.map((facet) => [facet.id, facet]));
  const spec = FILTER_BRANDS.filter((id) => id !== 'all');
  const option = (id: string): BrandOption => {
    const facet = byId.get(id);
    const count = facet?.count ?? 0;
    return {
      value: id,
      label: `${facet?.name ?? id} (${formatCount(count)})`,
      disabled: count === 0 && id !== selected,
    };
  };
  const others = facets
    .filter((facet) => !(spec as readonly string[]).includes(facet.id) && (facet.count > 0 || facet.id === selected))
    .map((facet) => option(facet.id));
  const listed = new Set<string>([...spec, ...others.map((o) => o.value)]);
  const unknown = selected !== 'all' && !listed.has(selected) ? [option(selected)] : [];
  return [{ value: 'all', label: 'All brands', disabled: false }, ...spec.map(option), ...others, ...unknown];
}
