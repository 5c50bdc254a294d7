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
