import { parseCsv } from '@familyos/testing';
import { toCsv } from './csv.js';

describe('toCsv (RFC 4180)', () => {
  it('writes a header line and one line per row, each ended by CRLF', () => {
    expect(toCsv(['A', 'B'], [['x', 1], ['y', 2]])).toBe('A,B\r\nx,1\r\ny,2\r\n');
    expect(toCsv(['Only'], [])).toBe('Only\r\n');
  });

  it('quotes a field with a comma, a quote, a CR or an LF, and doubles its quotes', () => {
    expect(toCsv(['T'], [['a,b'], ['say "hi"'], ['two\nlines'], ['cr\rhere'], ['plain']])).toBe(
      'T\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\rhere"\r\nplain\r\n',
    );
  });

  it('round-trips awkward text exactly', () => {
    const reason = 'Helped Mum, said "thanks"\nand tidied up';
    const csv = toCsv(['Reason', 'Amount'], [[reason, 5]]);
    expect(parseCsv(csv)).toEqual([
      ['Reason', 'Amount'],
      [reason, '5'],
    ]);
  });

  it('writes numbers as numbers (a negative amount is not touched), and null or undefined as empty', () => {
    expect(toCsv(['N', 'M', 'E', 'U', 'B'], [[-5, 9.5, null, undefined, true]])).toBe('N,M,E,U,B\r\n-5,9.5,,,true\r\n');
  });

  it('neutralises text that a spreadsheet would run as a formula: = + - @ tab and CR get a leading apostrophe', () => {
    const rows = [['=1+1'], ['+SUM(A1)'], ['-2'], ['@cmd'], ['\tTab'], ['\rcr'], ['=HYPERLINK("http://x","y")'], ['a=b'], ['3-2']];
    expect(parseCsv(toCsv(['T'], rows)).slice(1).map((r) => r[0])).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2",
      "'@cmd",
      "'\tTab",
      "'\rcr",
      `'=HYPERLINK("http://x","y")`,
      'a=b',
      '3-2',
    ]);
  });
});
