// The operations of the sample API and the paths they answer on, spelt exactly as the real
// service spelt them (docs/sample-api.md): case and trailing slash included.
export const API_PREFIX = '/public/v1';

export const OPERATIONS = [
  'search',
  'voluntaryCodes',
  'voluntaryCodeMembers',
  'registeredCharities',
  'taxEfficientGifts',
  'housingBodies',
  'organisation',
] as const;

export type Operation = (typeof OPERATIONS)[number];

export interface Route {
  operation: Operation;
  /** The path parameter, decoded, when the operation has one. */
  argument?: string;
}

/** Matches a path below /public/v1 exactly as the spec spells it (case and trailing slash included). */
export function matchRoute(path: string): Route | undefined {
  switch (path) {
    case '/search':
      return { operation: 'search' };
    case '/VoluntaryCodes':
      return { operation: 'voluntaryCodes' };
    case '/registeredCharities/':
      return { operation: 'registeredCharities' };
    case '/taxEfficientGifts':
      return { operation: 'taxEfficientGifts' };
    case '/housingBodies/':
      return { operation: 'housingBodies' };
    default:
      break;
  }
  const match = /^\/(VoluntaryCodes|VoluntaryCodeMembers|Organisation)\/([^/]+)$/.exec(path);
  if (match === null) return undefined;
  let argument: string;
  try {
    argument = decodeURIComponent(match[2] ?? '');
  } catch {
    return undefined;
  }
  const operation =
    match[1] === 'VoluntaryCodes'
      ? 'voluntaryCodes'
      : match[1] === 'VoluntaryCodeMembers'
        ? 'voluntaryCodeMembers'
        : 'organisation';
  return { operation, argument };
}
