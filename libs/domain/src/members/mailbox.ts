import { limits, messages } from '@familyos/contracts/rules';
import { invalid } from '../shared/errors.js';

/**
 * One RFC 5321 mailbox (section 4.1.2), the form an SMTP server routes: a Dot-string local part (atoms of atext
 * joined by single dots, at most 64 octets) "@" a Domain of letter-digit-hyphen labels (at most 63 each), with a
 * dot, whose last label is not all digits. Deliberately narrower than the RFC in three ways: no quoted local part
 * and no address literal ([192.0.2.1]) — nobody types them, and each is a way to smuggle a second recipient or
 * header into a mail library — and ASCII only (SMTPUTF8 is not assumed of the operator's server). No library in
 * the api's dependencies validates this: nodemailer's address parser parses lists and display names leniently.
 * The check is a whole-string match, so a list (`a,b@x`), a display name or angle brackets (`<a@x>`, `a@x>`) and
 * line breaks are refused.
 */
const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LOCAL_PART_MAX = 64;
const DOMAIN_MAX = 253;

/** Whether `address` (already trimmed and lower-cased) is one mailbox in the form above. */
export function isMailbox(address: string): boolean {
  if (address.length > limits.emailMax) return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > LOCAL_PART_MAX || !LOCAL_PART.test(local)) return false;
  if (domain.length > DOMAIN_MAX) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!);
}

/** The address as stored (trimmed, lower-cased), or the reason it is refused. */
export function normalizeEmailAddress(raw: string): string {
  const address = raw.trim().toLowerCase();
  if (address.length > limits.emailMax) throw invalid(messages.emailAddressTooLong, 'address');
  if (!isMailbox(address)) throw invalid(messages.emailAddress, 'address');
  return address;
}
