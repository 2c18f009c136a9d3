import { describe, expect, it } from 'vitest';
import { detectDelimiter, labelSheet, neutralise, parseAllocation } from '../../src/features/planner/csv.ts';

describe('label sheet', () => {
  it('starts with a BOM, separates with semicolons and keeps Æ, Ø, Å', () => {
    const text = labelSheet([['Ærlig Øye Åse', '2', '201', 'A', 'blue', 3, '201A', 'Aurora']]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[1]).toBe('Ærlig Øye Åse;2;201;A;blue;3;201A;Aurora');
  });
  it('neutralises cells a spreadsheet would run', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(bad)).toBe(`'${bad}`);
    expect(neutralise('Ola')).toBe('Ola');
    const text = labelSheet([['=HYPERLINK("x")', '1', '1', '', '', 1, '', 'A;B']]);
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")";1;1;;;1;;"A;B"`);
  });
});

describe('allocation import', () => {
  it('skips the header and lines without a name, reads space and table', () => {
    const { lines, skipped } = parseAllocation('\uFEFFSpace;Name\n101A;Ola Nordmann\n102;\n;Kari\n"103";"Åse; Ø"\r\n');
    expect(lines.map((l) => [l.space, l.table, l.name])).toEqual([
      ['101', 'A', 'Ola Nordmann'],
      ['103', null, 'Åse; Ø'],
    ]);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'no name'],
      [4, 'no space'],
    ]);
  });

  it('skips a name longer than a person may have', () => {
    const { lines, skipped } = parseAllocation(`Space;Name\n101;${'x'.repeat(201)}\n`);
    expect(lines).toEqual([]);
    expect(skipped.map((s) => s.reason)).toEqual(['a name has at most 200 characters']);
  });

  it('reads an ordinary file with commas and a header naming its columns: name, email (issue 39)', () => {
    const { lines, skipped } = parseAllocation('name,email\nKari Nordmann,kari@example.com\nOla Hansen,ola@example.com\n');
    expect(skipped).toEqual([]);
    expect(lines.map((l) => [l.space, l.table, l.name, l.email])).toEqual([
      [null, null, 'Kari Nordmann', 'kari@example.com'],
      [null, null, 'Ola Hansen', 'ola@example.com'],
    ]);
  });

  it('reads the columns by their names in any order, in English or Norwegian, with semicolons or commas', () => {
    for (const csv of [
      'E-post;Navn;Plass\nkari@example.com;Kari Nordmann;101A\n',
      'Navn,Plass,E-post\nKari Nordmann,101A,kari@example.com\n',
      'Email,Name,Space,Table\nkari@example.com,Kari Nordmann,101,A\n',
      'namn;e-postadresse;rom\nKari Nordmann;kari@example.com;101 A\n',
      '\uFEFFSpace;Name;E-mail\r\n101A;Kari Nordmann;kari@example.com\r\n',
    ]) {
      const { lines, skipped } = parseAllocation(csv);
      expect(skipped, csv).toEqual([]);
      expect(
        lines.map((l) => [l.line, l.space, l.table, l.name, l.email]),
        csv,
      ).toEqual([[2, '101', 'A', 'Kari Nordmann', 'kari@example.com']]);
    }
  });

  it('keeps the spec order under a header it does not know, and names refused lines by number and why', () => {
    const { lines, skipped } = parseAllocation('a,b,c\n101,Kari,kari@example.com\n102,,x@example.com\n,Ola\n103,Per,not mail\n');
    expect(lines.map((l) => [l.space, l.name])).toEqual([['101', 'Kari']]);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'no name'],
      [4, 'no space'],
      [5, 'Invalid email'],
    ]);
  });

  it('detects the separator from the header, quotes and all', () => {
    expect(detectDelimiter('space;name;email\n')).toBe(';');
    expect(detectDelimiter('space,name,email\n')).toBe(',');
    expect(detectDelimiter('"a;b",name,email\n')).toBe(',');
    expect(detectDelimiter('name\n')).toBe(';');
  });
  it("reads a wave column by its English or Norwegian header (issue 48); without one a line's wave is null", () => {
    for (const header of ['Space;Name;Wave', 'plass;navn;Bølge', 'Name;BØLGE;Space']) {
      const [first, second] = header.split(';').map((h) => h.toLowerCase());
      const cells = (space: string, name: string, wave: string) =>
        header
          .split(';')
          .map((h) => ({ space, plass: space, name, navn: name, wave, bølge: wave })[h.toLowerCase()])
          .join(';');
      const { lines, skipped } = parseAllocation(`${header}\n${cells('101', 'Kari', 'IT')}\n${cells('102', 'Ola', '')}\n`);
      expect(skipped, `${first} ${second}`).toEqual([]);
      expect(lines.map((l) => [l.space, l.name, l.wave])).toEqual([
        ['101', 'Kari', 'IT'],
        ['102', 'Ola', ''],
      ]);
    }
    expect(parseAllocation('Space;Name\n101;Kari\n').lines[0].wave).toBeNull();
  });

  it('reads a department column by its English or Norwegian header (issue 48), refusing one too long or on two lines', () => {
    for (const word of ['Department', 'Dept.', 'Team', 'Unit', 'Avdeling', 'Seksjon', 'Enhet'])
      expect(
        parseAllocation(`Name;${word}\nKari;Finance\nOla;\n`).lines.map((l) => [l.name, l.department]),
        word,
      ).toEqual([
        ['Kari', 'Finance'],
        ['Ola', null],
      ]);
    const { lines, skipped } = parseAllocation(`Navn;Avdeling\nKari;${'x'.repeat(101)}\n"Ola";"Two\nlines"\nPer;${'y'.repeat(100)}\n`);
    expect(lines.map((l) => [l.name, l.department])).toEqual([['Per', 'y'.repeat(100)]]);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'a department has at most 100 characters, on one line'],
      [4, 'a department has at most 100 characters, on one line'],
    ]);
    expect(parseAllocation('Space;Name\n101;Kari\n').lines[0].department).toBeNull();
  });

  it('reads a wave and a phone column of one file, each into its own field (issues 48 and 49 merged)', () => {
    const { lines, skipped } = parseAllocation('Space;Name;Mobil;Bølge\n101;Kari;+47 912 34 567;IT\n102;Ola;12;IT\n103;Per;;\n');
    expect(lines.map((l) => [l.space, l.name, l.phone, l.wave])).toEqual([
      ['101', 'Kari', '+47 912 34 567', 'IT'],
      ['103', 'Per', null, ''],
    ]);
    // A number that is none skips its line, whatever its wave.
    expect(skipped.map((s) => s.line)).toEqual([3]);
  });
});

// Issue 55: the import's help and template named only space, name and e-mail; department, phone and wave are read too.
describe("the people step's downloadable templates", () => {
  it('name every column the import reads, and their example row is read whole, in English and Norwegian', async () => {
    for (const language of ['en', 'no'] as const) {
      const { [language]: words } = (await import(`../../../web/src/admin/features/planner/strings/${language}.ts`)) as Record<
        string,
        { templateCsv: string; importHint: string }
      >;
      const { lines, skipped } = parseAllocation(words.templateCsv);
      expect(skipped).toEqual([]);
      expect(lines[0]).toMatchObject({
        space: '101',
        table: 'A',
        name: 'Kari Nordmann',
        email: 'kari.nordmann@example.com',
        phone: '+47 912 34 567',
        wave: '',
      });
      expect(lines[0].department).toMatch(/^(Finance|Økonomi)$/);
      for (const column of language === 'en' ? ['department', 'phone', 'wave'] : ['avdeling', 'telefon', 'bølge']) expect(words.importHint).toContain(column);
    }
  });
});
