/**
 * Who wrote a ticket: "Grace Hopper <grace@example.com>" when the form had a name, the e-mail alone
 * when not, never an empty name before the address.
 */
export function sender({ name, email }: { name: string | null; email: string }): string {
  const known = name?.trim();
  return known ? `${known} <${email}>` : email;
}
