// Registration numbers and the identifiers other data uses to name an organisation.
//
// org-id.guide lists `IE-CHY` (the Charities Regulator's register, numbered by its Registered
// Charity Number) and `IE-CRO` (the Companies Registration Office). The spec gives each regulator
// as a name, an abbreviation (`regulatorDesc`) and a number that "may be a text marker instead of
// digits when no number applies" (`Not Applicable`, `N/A`, `Pending`): only a number made of
// digits becomes an identifier. Revenue's charitable tax exemption numbers (`CHY 12345`) are a
// different register with no org-id scheme of their own; they are kept for matching only.

/** The registers whose numbers are matched and turned into identifiers. */
export type RegisterKind = 'charity' | 'company' | 'chy';

/** A regulator entry of a record, as the spec names its fields. */
export interface RegulatorNumber {
  regulatorName?: string | undefined;
  regulatorDesc?: string | undefined;
  regulatorNumber?: string | undefined;
}

export interface RegistrationNumber {
  kind: RegisterKind;
  /** The number as digits, without leading zeros: the form both sides of a match are compared in. */
  number: string;
}

export interface OrgIdentifier {
  /** The org-id.guide list, e.g. "IE-CHY". */
  scheme: 'IE-CHY' | 'IE-CRO';
  /** The identifier, e.g. "IE-CHY-20000028". */
  identifier: string;
}

const SCHEMES: Readonly<Record<'charity' | 'company', OrgIdentifier['scheme']>> = {
  charity: 'IE-CHY',
  company: 'IE-CRO',
};

/** Which register a regulator entry is, from its abbreviation or, failing that, its name. */
export function registerKindOf(regulator: RegulatorNumber): RegisterKind | undefined {
  const abbreviation = regulator.regulatorDesc?.trim().toUpperCase();
  const name = regulator.regulatorName?.toLowerCase() ?? '';
  if (abbreviation === 'CRA' || abbreviation === 'RCN' || /\bcharit(?:y|ies) regulat/.test(name)) {
    return 'charity';
  }
  if (abbreviation === 'CRO' || /\bcompanies registration office\b/.test(name)) return 'company';
  if (abbreviation === 'REVENUE' || abbreviation === 'CHY' || /\brevenue\b/.test(name)) return 'chy';
  return undefined;
}

/**
 * The digits of a registration number as written (`CHY 12345`, `CHY12345` and `12345` are one
 * number), or `undefined` for a text marker or anything else that is not a number.
 */
export function numberDigits(kind: RegisterKind, written: string): string | undefined {
  const compact = written.replace(/[\s.\-:#]+/g, '').toUpperCase();
  const prefix =
    kind === 'chy' ? /^(?:CHY)?(\d+)$/ : kind === 'charity' ? /^(?:RCN)?(\d+)$/ : /^(?:CRO)?(\d+)$/;
  const digits = prefix.exec(compact)?.[1];
  if (digits === undefined) return undefined;
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return /^0+$/.test(trimmed) ? undefined : trimmed;
}

/** The Charities Regulator, CRO and CHY numbers of an organisation, each once, in register order. */
export function registrationNumbers(regulators: readonly RegulatorNumber[]): RegistrationNumber[] {
  const seen = new Set<string>();
  const numbers: RegistrationNumber[] = [];
  for (const regulator of regulators) {
    const kind = registerKindOf(regulator);
    if (!kind || regulator.regulatorNumber === undefined) continue;
    const number = numberDigits(kind, regulator.regulatorNumber);
    if (number === undefined || seen.has(`${kind}:${number}`)) continue;
    seen.add(`${kind}:${number}`);
    numbers.push({ kind, number });
  }
  return numbers;
}

/** `IE-CHY-<Charities Regulator number>` and `IE-CRO-<CRO number>`, as org-id.guide spells them. */
export function orgIdentifiers(regulators: readonly RegulatorNumber[]): OrgIdentifier[] {
  return registrationNumbers(regulators).flatMap(({ kind, number }) =>
    kind === 'chy' ? [] : [{ scheme: SCHEMES[kind], identifier: `${SCHEMES[kind]}-${number}` }],
  );
}
