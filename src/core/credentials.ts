/**
 * Credentials recognisable by their shape, masked from everything the process writes even when it does
 * not hold them (another app's token pasted into a description, a URL with its key in the query). Only
 * shapes that ordinary text does not take are masked:
 *
 * - the platform's private app tokens, `pat-<region>-<uuid>` (`pat-na1-0b7c…`), wherever they are (also
 *   glued to other text): wholly, as `***`;
 * - a bearer credential in text, `Bearer <x>` where `<x>` is 16 or more token characters holding a
 *   letter and a digit (`Bearer token` and `Bearer authentication` are words, not credentials): `<x>`;
 * - the value of a credential parameter in a query or a form, `access_token=`, `refresh_token=`,
 *   `hapikey=`, `api_key=`, `apikey=`, `client_secret=`, when 8 characters or longer (`hapikey=demo` is
 *   an example in a description, not a key): the value.
 *
 * Each shape is made of characters JSON never escapes, and none needs a word boundary before it (in a
 * JSON string a line break before it is `\n`, a letter): masking the text of a JSON document masks
 * exactly what masking each of its strings would, and leaves it valid JSON.
 */

export const MASK = '***';

const PRIVATE_APP_TOKEN =
  /pat-[a-z]{2,4}\d{0,2}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const BEARER = /(bearer +)([A-Za-z0-9\-._~+/]{16,}=*)/gi;
const CREDENTIAL_PARAMETER =
  /(access_token|refresh_token|hapikey|api_key|apikey|client_secret)=([A-Za-z0-9\-._~+/%]{8,})/gi;

const LETTER = /[A-Za-z]/;
const DIGIT = /\d/;

/** The kinds of credential shapes, as `findCredential` names them. */
export type CredentialShape = 'private app token' | 'bearer credential' | 'credential parameter';

/** `text` with every credential shape masked. */
export function maskCredentialShapes(text: string): string {
  // a cheap look first: most text holds none of the shapes' fixed parts
  if (!mayHoldShape(text)) return text;
  return text
    .replace(PRIVATE_APP_TOKEN, MASK)
    .replace(BEARER, (whole, lead: string, value: string) => (isCredential(value) ? `${lead}${MASK}` : whole))
    .replace(CREDENTIAL_PARAMETER, (_whole, name: string) => `${name}=${MASK}`);
}

/** The first kind of credential shape found in `text`, if any. */
export function findCredentialShape(text: string): CredentialShape | undefined {
  if (!mayHoldShape(text)) return undefined;
  if (new RegExp(PRIVATE_APP_TOKEN.source, 'i').test(text)) return 'private app token';
  if ([...text.matchAll(BEARER)].some(([, , value = '']) => isCredential(value))) return 'bearer credential';
  if (new RegExp(CREDENTIAL_PARAMETER.source, 'i').test(text)) return 'credential parameter';
  return undefined;
}

/** A bearer value holds a letter and a digit: a word after "Bearer" is no credential. */
function isCredential(value: string): boolean {
  return LETTER.test(value) && DIGIT.test(value);
}

function mayHoldShape(text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes('pat-') || lower.includes('bearer') || lower.includes('=');
}
