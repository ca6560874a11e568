import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Plant } from '../model';
import { IMPORT_MAX_PLANTS } from '../model/transfer';
import {
  CSV_COLUMNS,
  csvColumnOf,
  foldCareColumns,
  plantsToCsv,
  readCsv,
  readJsonExport,
  restoreCell,
} from './transfer-format';

const plant = (overrides: Partial<Plant> = {}): Plant => ({
  _id: 'abc123',
  plantName: 'Fern',
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 3 days',
  wateringIntervalDays: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

/** The CSV's cells as a spreadsheet would see them (papaparse reads, no neutralising undone). */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv, { header: false }).data;

describe('plantsToCsv', () => {
  it('writes a header row of the plant fields, then one row per plant, with CRLF line ends', () => {
    const csv = plantsToCsv([
      plant(),
      plant({ _id: 'def456', plantName: 'Cactus', category: 'succulent', wateringIntervalDays: null }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(
      lines[0]!.startsWith(
        'plantName,category,careLevel,wateringFrequency,healthStatus,lastWateredDate,nextWateringDate,description,image,_id,',
      ),
    ).toBe(true);
    expect(lines).toHaveLength(3);
    // Thirteen empty cells after updatedAt: no cover photo (thumbUrl), no care task tracked, no species to
    // follow, no place.
    expect(lines[2]).toBe(
      'Cactus,succulent,easy,Every 3 days,Healthy,,,,,def456,,,,,,2026-03-01T10:00:00.000Z,2026-03-02T10:00:00.000Z,,,,,,,,,,,,,',
    );
  });

  it('quotes as RFC 4180 says: commas, double quotes (doubled) and line breaks inside quotes, nothing else', () => {
    const csv = plantsToCsv([plant({ plantName: 'Fern, "Boston"', description: 'Line one\r\nline two\nthree' })]);
    expect(csv.split('\r\n')[1]).toBe('"Fern, ""Boston""",fern,easy,Every 3 days,Healthy,,,"Line one');
    expect(cellsOf(csv)[1]!.slice(0, 8)).toEqual([
      'Fern, "Boston"',
      'fern',
      'easy',
      'Every 3 days',
      'Healthy',
      '',
      '',
      'Line one\r\nline two\nthree',
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil.test","Click")', `"'=HYPERLINK(""http://evil.test"",""Click"")"`],
    ['+1 555 0100', `"'+1 555 0100"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ["'=A1", `"''=A1"`],
  ])('neutralises a cell that starts like a formula: %j', (description, cell) => {
    const csv = plantsToCsv([plant({ description })]);
    expect(csv.split('\r\n').slice(1).join('\r\n')).toContain(`,${cell},`);
    // A spreadsheet sees text starting with an apostrophe, never a formula.
    expect(cellsOf(csv)[1]![7]!.startsWith("'")).toBe(true);
  });

  it('leaves other cells alone, however they look inside', () => {
    const csv = plantsToCsv([plant({ description: 'Water 1-2 times; a=b @home', plantName: "It's fine" })]);
    expect(cellsOf(csv)[1]!.slice(0, 8)).toEqual([
      "It's fine",
      'fern',
      'easy',
      'Every 3 days',
      'Healthy',
      '',
      '',
      'Water 1-2 times; a=b @home',
    ]);
  });
});

describe('restoreCell', () => {
  it('takes one apostrophe off a neutralised cell, and leaves anything else as it is', () => {
    expect(restoreCell("'=A1")).toBe('=A1');
    expect(restoreCell("''=A1")).toBe("'=A1");
    expect(restoreCell("'-5")).toBe('-5');
    expect(restoreCell("'hello")).toBe("'hello");
    expect(restoreCell("It's")).toBe("It's");
    expect(restoreCell('=A1')).toBe('=A1');
  });
});

describe('readCsv', () => {
  it('reads back exactly what plantsToCsv wrote, neutralised cells included', () => {
    const tricky = [
      plant({
        plantName: '=cmd|"/c calc"!A0',
        description: '\'\'+x, "quoted"\r\nand a new line',
        notes: '@home',
        wateringFrequency: '-',
      }),
      plant({ _id: 'z9', plantName: 'Ünïcödé 🌿', description: "'=already neutral", healthStatus: 'Needs Care' }),
    ];
    const rows = readCsv(plantsToCsv(tricky));
    expect(rows.map((row) => row.row)).toEqual([2, 3]);
    for (const [i, row] of rows.entries()) {
      for (const column of CSV_COLUMNS)
        expect(row.values[column], column).toBe(String((tricky[i] as Record<string, unknown>)[column] ?? ''));
    }
  });

  it('reads header names in any letter case, ignores unknown columns, and keeps spreadsheet row numbers past blank rows', () => {
    const rows = readCsv('PlantName, CATEGORY ,Colour,_ID\r\nFern,fern,green,abc\r\n\r\n,,,\r\nRose,Flower,red,\r\n');
    expect(rows).toEqual([
      { row: 2, values: { plantName: 'Fern', category: 'fern', _id: 'abc' } },
      { row: 5, values: { plantName: 'Rose', category: 'Flower', _id: '' } },
    ]);
  });

  it('takes rows with fewer cells than the header (the rest are empty)', () => {
    expect(readCsv('plantName,category,description\nFern,fern\n')).toEqual([
      { row: 2, values: { plantName: 'Fern', category: 'fern', description: '' } },
    ]);
  });

  it.each([
    [
      'an unterminated quote',
      'plantName,category\n"Fern,fern\n',
      'The file is not valid CSV (row 2): Quoted field unterminated.',
    ],
    [
      'a stray quote',
      'plantName,category\n"Fern"x,fern\n',
      'The file is not valid CSV (row 2): Trailing quote on quoted field is malformed.',
    ],
    [
      'more cells than columns',
      'plantName,category\nFern,fern,extra\n',
      'Row 2 has more cells than the header row has columns.',
    ],
    [
      'a repeated column',
      'plantName,category,PLANTNAME\nFern,fern,Fern\n',
      'The column plantName appears twice in the header row.',
    ],
    [
      'no plantName column',
      'name,category\nFern,fern\n',
      'The header row has no plantName column: the first row must name the columns (plantName, category, ...).',
    ],
    [
      'only blank lines',
      '\r\n\r\n',
      'The CSV file is empty: it needs a header row naming the columns, then one row per plant.',
    ],
  ])('refuses %s with 400 malformed_csv', (_case, text, message) => {
    expect(() => readCsv(text)).toThrow(expect.objectContaining({ status: 400, code: 'malformed_csv', message }));
  });

  it(`takes ${IMPORT_MAX_PLANTS} plants and refuses one more with 413`, () => {
    const csv = (count: number) => `plantName,category\r\n${'Fern,fern\r\n'.repeat(count)}`;
    expect(readCsv(csv(IMPORT_MAX_PLANTS))).toHaveLength(IMPORT_MAX_PLANTS);
    expect(() => readCsv(csv(IMPORT_MAX_PLANTS + 1))).toThrow(
      expect.objectContaining({
        status: 413,
        code: 'payload_too_large',
        message: 'An import takes at most 1,000 plants; this file has 1,001. Split it into smaller files.',
      }),
    );
  });
});

describe('readJsonExport', () => {
  it("reads an export's plants, numbered from 1", () => {
    const text = JSON.stringify({
      exportedAt: '2026-03-01T00:00:00.000Z',
      plants: [plant(), plant({ plantName: 'Rose' })],
    });
    expect(readJsonExport(text).map(({ row, values }) => [row, values.plantName])).toEqual([
      [1, 'Fern'],
      [2, 'Rose'],
    ]);
  });

  it.each([
    ['malformed JSON', '{"plants": [', 400, 'malformed_json', 'The file is not valid JSON.'],
    [
      'a bare list',
      '[{"plantName": "Fern"}]',
      400,
      'invalid_body',
      'A JSON import must be an export of Mango Grove Tracker: an object with a "plants" list.',
    ],
    [
      'plants that is not a list',
      '{"plants": {}}',
      400,
      'invalid_body',
      'A JSON import must be an export of Mango Grove Tracker: an object with a "plants" list.',
    ],
    [
      'a plant that is not an object',
      '{"plants": [{"plantName": "Fern"}, "Rose"]}',
      400,
      'invalid_body',
      'The plant at row 2 is not a JSON object.',
    ],
    [
      'too many plants',
      JSON.stringify({ plants: Array.from({ length: IMPORT_MAX_PLANTS + 1 }, () => ({})) }),
      413,
      'payload_too_large',
      'An import takes at most 1,000 plants; this file has 1,001. Split it into smaller files.',
    ],
  ])('refuses %s', (_case, text, status, code, message) => {
    expect(() => readJsonExport(text)).toThrow(expect.objectContaining({ status, code, message }));
  });
});

describe('the care columns', () => {
  it("come after the plant's own columns: each task's frequency and next date, then the species and its following, then the place", () => {
    expect(CSV_COLUMNS.slice(-12, -4)).toEqual([
      'fertilizeFrequency',
      'fertilizeNextDate',
      'repotFrequency',
      'repotNextDate',
      'pruneFrequency',
      'pruneNextDate',
      'mistFrequency',
      'mistNextDate',
    ]);
    expect(CSV_COLUMNS.slice(-4)).toEqual(['speciesId', 'wateringFollows', 'place', 'placeLight']);
    const csv = plantsToCsv([
      plant({
        care: {
          repot: { frequency: 'every 2 years', lastDate: '2026-01-01', nextDate: '2028-01-01', intervalDays: 730 },
        },
      }),
    ]);
    expect(csv.split('\r\n')[1]!.endsWith(',,,every 2 years,2028-01-01,,,,,,,,')).toBe(true);
  });

  it('are read back into `care`: a task with either cell filled is tracked', () => {
    expect(
      foldCareColumns({
        plantName: 'Fern',
        fertilizeFrequency: 'Monthly',
        fertilizeNextDate: '',
        repotFrequency: '',
        repotNextDate: '2028-01-01',
        mistFrequency: ' ',
      }),
    ).toEqual({
      values: { plantName: 'Fern', care: { fertilize: { frequency: 'Monthly' }, repot: { nextDate: '2028-01-01' } } },
      folded: true,
    });
    expect(foldCareColumns({ plantName: 'Fern', pruneFrequency: '' })).toEqual({
      values: { plantName: 'Fern' },
      folded: true,
    });
    const json = { plantName: 'Fern', care: { mist: { frequency: 'daily' } } };
    expect(foldCareColumns(json)).toEqual({ values: json, folded: false });
  });

  it("name a care field's errors by their column", () => {
    expect(csvColumnOf(['care', 'fertilize', 'nextDate'])).toBe('fertilizeNextDate');
    expect(csvColumnOf(['care', 'mist', 'frequency'])).toBe('mistFrequency');
    expect(csvColumnOf(['plantName'])).toBe('plantName');
  });
});
