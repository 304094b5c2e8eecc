import { isMailbox } from './mailbox.js';

/** Decision 043: an address is one RFC 5321 mailbox, nothing that a mail library could read as more. */
describe('isMailbox: one RFC 5321 mailbox', () => {
  it.each([
    ['a plain address', 'pat@example.org'],
    ['dots in the local part', 'pat.q.parent@example.org'],
    ['atext specials', "o'brien+family_1-x!#$%&*/=?^`{|}~@example.org"],
    ['a subdomain and hyphens', 'kim@mail.the-family.co.uk'],
    ['digits in labels', 'x1@a1.example2.org'],
    ['an IDN in its ASCII form', 'anna@xn--mnchen-3ya.de'],
    ['a 64-octet local part', `${'a'.repeat(64)}@example.org`],
    ['a 63-octet label', `a@${'b'.repeat(63)}.org`],
  ])('takes %s: %s', (_what, address) => {
    expect(isMailbox(address)).toBe(true);
  });

  it.each([
    ['a list', 'a,b@example.org'],
    ['a list of two addresses', 'a@example.org,b@example.org'],
    ['a list separated by a semicolon', 'a@example.org;b@example.org'],
    ['angle brackets', '<a@example.org>'],
    ['a closing bracket', 'a@example.org>'],
    ['an opening bracket', '<a@example.org'],
    ['a display name', 'pat <pat@example.org>'],
    ['the issue\'s list', 'a,b@x'],
    ['the issue\'s brackets', '<a@x>'],
    ['the issue\'s bracket', 'a@x>'],
    ['a space', 'pat parent@example.org'],
    ['a line break (a header)', 'pat@example.org\nbcc: b@example.org'],
    ['a carriage return', 'pat@example.org\r'],
    ['no at sign', 'pat.example.org'],
    ['two at signs', 'a@b@example.org'],
    ['nothing before the at', '@example.org'],
    ['no dot in the domain', 'pat@localhost'],
    ['a leading dot', '.pat@example.org'],
    ['a trailing dot in the local part', 'pat.@example.org'],
    ['two dots in a row', 'pat..parent@example.org'],
    ['a quoted local part', '"pat parent"@example.org'],
    ['an address literal', 'pat@[192.0.2.1]'],
    ['a numeric top label (an IP)', 'pat@192.0.2.1'],
    ['an empty label', 'pat@example..org'],
    ['a trailing dot in the domain', 'pat@example.org.'],
    ['a label starting with a hyphen', 'pat@-example.org'],
    ['a label ending with a hyphen', 'pat@example-.org'],
    ['an underscore in the domain', 'pat@ex_ample.org'],
    ['a 65-octet local part', `${'a'.repeat(65)}@example.org`],
    ['a 64-octet label', `a@${'b'.repeat(64)}.org`],
    ['non-ASCII', 'zoë@example.org'],
    ['a parenthesised comment', 'pat(home)@example.org'],
    ['a backslash', 'pat\\@example.org'],
  ])('refuses %s: %j', (_what, address) => {
    expect(isMailbox(address)).toBe(false);
  });
});
