// The outline of Ireland that every organisation's map draws its point on (src/lib/map.ts).
import { irelandOutlineSvg } from '../lib/map.ts';

export function GET(): Response {
  return new Response(irelandOutlineSvg(), { headers: { 'Content-Type': 'image/svg+xml' } });
}
