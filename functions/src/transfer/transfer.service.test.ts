import { describe, expect, it } from 'vitest';
import { checkRows, planImport } from './transfer.service';

const rows = [
  { row: 2, values: { plantName: 'Fern', category: 'fern', _id: 'ownedPlantId00000001' } },
  {
    row: 3,
    values: { plantName: ' Rose ', category: 'Flower', careLevel: '', healthStatus: '', _id: 'someoneElsesPlant001' },
  },
  { row: 4, values: { plantName: '', category: 'tree', lastWateredDate: '2026-02-30', _id: '../../etc' } },
  { row: 5, values: { plantName: 'Broken but mine', category: 'nope', _id: 'ownedPlantId00000002' } },
];

describe('checkRows', () => {
  it("checks every row with the shared model: the input with the model's defaults, or one error per field with its sentence", () => {
    const checked = checkRows(rows);
    expect(checked[1]).toEqual({
      row: 3,
      id: 'someoneElsesPlant001',
      plantName: 'Rose',
      input: { plantName: 'Rose', category: 'Flower', careLevel: 'easy', healthStatus: 'Healthy' },
      errors: [],
    });
    expect(checked[2]).toEqual({
      row: 4,
      id: undefined,
      plantName: '',
      errors: [
        { row: 4, field: 'plantName', message: 'Plant name is required.' },
        {
          row: 4,
          field: 'category',
          message: 'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
        },
        { row: 4, field: 'lastWateredDate', message: 'Last watered date must be a real date written YYYY-MM-DD.' },
      ],
    });
  });
});

describe('planImport', () => {
  it('skips the rows whose _id the caller owns (even broken ones), adds the valid others and reports the errors of the rest', () => {
    const { result, adding } = planImport(
      checkRows(rows),
      new Set(['ownedPlantId00000001', 'ownedPlantId00000002']),
      true,
    );
    expect(adding.map((row) => row.row)).toEqual([3]);
    expect(result).toEqual({
      dryRun: true,
      created: 1,
      skipped: 2,
      errors: [
        { row: 4, field: 'plantName', message: 'Plant name is required.' },
        {
          row: 4,
          field: 'category',
          message: 'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
        },
        { row: 4, field: 'lastWateredDate', message: 'Last watered date must be a real date written YYYY-MM-DD.' },
      ],
      plants: [{ row: 3, plantName: 'Rose', category: 'Flower' }],
      skippedRows: [
        { row: 2, _id: 'ownedPlantId00000001', plantName: 'Fern' },
        { row: 5, _id: 'ownedPlantId00000002', plantName: 'Broken but mine' },
      ],
    });
  });

  it("adds a row whose _id is not one of the caller's plants, as a new plant", () => {
    const { result } = planImport(checkRows(rows.slice(0, 1)), new Set(), false);
    expect(result).toMatchObject({
      dryRun: false,
      created: 1,
      skipped: 0,
      plants: [{ row: 2, plantName: 'Fern', category: 'fern' }],
    });
  });
});

describe('checkRows with care', () => {
  it("reads a CSV row's care columns into schedules, and names a bad one by its column", () => {
    const [good, bad] = checkRows([
      {
        row: 2,
        values: {
          plantName: 'Fern',
          category: 'fern',
          fertilizeFrequency: 'Monthly',
          fertilizeNextDate: '2026-04-01',
          repotFrequency: '',
        },
      },
      { row: 3, values: { plantName: 'Palm', category: 'fern', mistNextDate: '2026-13-01' } },
    ]);
    expect(good!.input!.care).toEqual({
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-04-01', intervalDays: 30 },
    });
    expect(bad!.errors).toEqual([
      { row: 3, field: 'mistNextDate', message: 'Next misting date must be a real date written YYYY-MM-DD.' },
    ]);
  });

  it("keeps a JSON plant's history, oldest first, and names a JSON care field by its path", () => {
    const events = [
      {
        _id: 'x',
        type: 'note',
        at: '2026-03-02T10:00:00.000Z',
        date: '2026-03-02',
        text: 'Second',
        photoId: 'gone',
        by: { uid: 'someone-else', displayName: 'Ana' },
        lastWateredDate: null,
        nextWateringDate: null,
      },
      {
        _id: 'y',
        type: 'added',
        at: '2026-03-01T10:00:00.000Z',
        changes: { healthStatus: { from: null, to: 'Healthy' } },
        lastWateredDate: null,
        nextWateringDate: null,
        extra: 1,
      },
    ];
    const [row, bad] = checkRows([
      { row: 1, values: { plantName: 'Fern', category: 'fern', events } },
      { row: 2, values: { plantName: 'Palm', category: 'fern', care: { prune: { lastDate: 'soon' } } } },
    ]);
    // Ids and anything else are the server's to make; a note's photo is not part of the export;
    // every event is marked imported, and who recorded it is a name only, never an account's uid.
    expect(row!.history).toEqual([
      {
        type: 'added',
        at: '2026-03-01T10:00:00.000Z',
        imported: true,
        changes: { healthStatus: { from: null, to: 'Healthy' } },
        lastWateredDate: null,
        nextWateringDate: null,
      },
      {
        type: 'note',
        at: '2026-03-02T10:00:00.000Z',
        imported: true,
        by: { displayName: 'Ana' },
        date: '2026-03-02',
        text: 'Second',
        lastWateredDate: null,
        nextWateringDate: null,
      },
    ]);
    expect(bad!.errors).toEqual([
      { row: 2, field: 'care.prune.lastDate', message: 'Last pruning date must be a real date written YYYY-MM-DD.' },
    ]);
  });

  it('keeps a snooze whole, so its undo works after an import: the job, the days and the dates before it', () => {
    const dates = { lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-06' };
    const waterSnooze = {
      type: 'snoozed',
      at: '2026-03-05T10:00:00.000Z',
      task: 'water',
      days: 2,
      date: '2026-03-05',
      previous: { lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' },
      by: { uid: 'someone-else', displayName: 'Ana' },
      ...dates,
    };
    const fertilizeSnooze = {
      type: 'snoozed',
      at: '2026-03-06T10:00:00.000Z',
      task: 'fertilize',
      days: 7,
      date: '2026-03-06',
      before: { lastDate: '2026-02-01', nextDate: '2026-03-03' },
      after: { lastDate: '2026-02-01', nextDate: '2026-03-13' },
      ...dates,
    };
    const [row, noDays, noDates] = checkRows([
      { row: 1, values: { plantName: 'Fern', category: 'fern', events: [fertilizeSnooze, waterSnooze] } },
      { row: 2, values: { plantName: 'Palm', category: 'fern', events: [{ ...waterSnooze, days: undefined }] } },
      { row: 3, values: { plantName: 'Fig', category: 'fern', events: [{ ...fertilizeSnooze, after: undefined }] } },
    ]);
    const { by: _by, ...waterKept } = waterSnooze;
    expect(row!.history).toEqual([
      { ...waterKept, imported: true, by: { displayName: 'Ana' } },
      { ...fertilizeSnooze, imported: true },
    ]);
    expect(noDays!.errors).toEqual([
      {
        row: 2,
        field: 'events',
        message: 'Event 1 of the history is not one an export gives: days is missing or not valid.',
      },
    ]);
    expect(noDates!.errors).toEqual([
      {
        row: 3,
        field: 'events',
        message: 'Event 1 of the history is not one an export gives: after is missing or not valid.',
      },
    ]);
  });
});
