/**
 * What the home page says about the shop, from its own name and categories — never a list written in
 * code: the page title, its description, and the line under the hero's heading. A shop without
 * categories yet gets words that name none.
 */
export function homeWords(storeName: string, categoryNames: readonly string[]) {
  const delivered = 'picked with care and delivered to your door.';
  if (categoryNames.length === 0) {
    return { title: storeName, description: `${storeName}: ${delivered}`, lead: capitalised(delivered) };
  }
  const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(categoryNames);
  return {
    title: `${storeName} · ${list}`,
    description: `Shop ${list} at ${storeName}.`,
    lead: `${list}: ${delivered}`,
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
