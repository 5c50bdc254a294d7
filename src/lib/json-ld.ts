// JSON inside a <script> element ends at the first "</script", and U+2028/U+2029 broke older
// JavaScript parsers: escape all three so that no value of a record can leave the element.

/** JSON text safe to place between `<script type="application/ld+json">` tags. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
