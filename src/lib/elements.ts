// The browser clients' one way to make an element: text as a text node and attributes one by one,
// never HTML parsed from the register's untrusted data.

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (text !== undefined) created.textContent = text;
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}

/** Hands a file to the browser to save: a Blob needs no server, so it works from file:// too. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = element('a', undefined, { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the browser may still be reading it when the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
