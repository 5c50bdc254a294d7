// The usual names of the code ids the real service used (api-spec appendix), for codes whose
// entry in the register carries no description. Shown labelled as not coming from the source.
const KNOWN_CODES: Record<string, string> = {
  GOVERNANCECODE: 'The Governance Code for Community, Voluntary and Charitable Organisations in Ireland',
  ICTR: 'Statement of Guiding Principles for Fundraising',
  SORP: 'Charities SORP (FRS 102)',
};

export function knownCodeDescription(id: string): string | undefined {
  return KNOWN_CODES[id.toUpperCase()];
}

/** What to call a code: its description from the source, else its usual name, else its id. */
export function codeTitle(code: { id: string; description?: string }): string {
  return code.description ?? knownCodeDescription(code.id) ?? code.id;
}

/** Descriptions compared without regard to case and spacing. */
export function descriptionKey(description: string): string {
  return description.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Code pages by the description the source gives them (or their usual name). */
export function codesByDescription<T extends { id: string; description?: string }>(
  codes: readonly T[],
): Map<string, T> {
  const map = new Map<string, T>();
  for (const code of codes) {
    for (const text of [code.description, knownCodeDescription(code.id)]) {
      if (text && !map.has(descriptionKey(text))) map.set(descriptionKey(text), code);
    }
  }
  return map;
}
