import { describe, expect, it } from 'vitest';
import {
  AddPlantFormSchema,
  CARE_LEVELS,
  CATEGORIES,
  CreatePlantInputSchema,
  DASHBOARD_CATEGORIES,
  HEALTH_STATUSES,
  LIMITS,
  PLANT_FORM_CATEGORIES,
  PlantSchema,
  UpdatePlantInputSchema,
  CARE_JOB_INPUT_SCHEMAS,
  isCalendarDate,
  isSafeImageUrl,
} from './plant.model';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2026-01-31', '2026-12-01'])('accepts the real date %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  it.each(['2023-02-29', '2026-04-31', '2026-13-01', '2026-1-5', '05/01/2026', ''])('refuses %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('isSafeImageUrl', () => {
  it.each(['https://example.com/a.jpg', 'http://example.com/a.png', '/images/plants/mint.webp'])(
    'accepts %s',
    (value) => {
      expect(isSafeImageUrl(value)).toBe(true);
    },
  );
  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example/a.png',
    'ftp://example.com/a',
    'not a url',
  ])('refuses %s', (value) => {
    expect(isSafeImageUrl(value)).toBe(false);
  });
});

describe('CreatePlantInputSchema', () => {
  it('needs only a name and a category, and applies the dashboard defaults', () => {
    expect(CreatePlantInputSchema.parse({ plantName: '  Mint ', category: 'Herbs' })).toEqual({
      plantName: 'Mint',
      category: 'Herbs',
      careLevel: 'easy',
      healthStatus: 'Healthy',
    });
  });

  it('drops owner fields and unknown keys from the body', () => {
    const parsed = CreatePlantInputSchema.parse({
      plantName: 'Mint',
      category: 'Herbs',
      userEmail: 'spoof@example.test',
      ownerUid: 'someone-else',
      isAdmin: true,
    });
    expect(parsed).not.toHaveProperty('userEmail');
    expect(parsed).not.toHaveProperty('ownerUid');
    expect(parsed).not.toHaveProperty('isAdmin');
  });

  it('names each bad field with a readable sentence', () => {
    const result = CreatePlantInputSchema.safeParse({
      plantName: '',
      category: 'Cactus',
      lastWateredDate: '2026-02-30',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      plantName: 'Plant name is required.',
      category: 'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
      lastWateredDate: 'Last watered date must be a real date written YYYY-MM-DD.',
    });
  });
});

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('CreatePlantInputSchema, field by field', () => {
  const base = { plantName: 'Mint', category: 'Herbs' };

  it('accepts every category of both forms and every care level', () => {
    for (const category of CATEGORIES)
      expect(CreatePlantInputSchema.safeParse({ ...base, category }).success).toBe(true);
    for (const careLevel of CARE_LEVELS)
      expect(CreatePlantInputSchema.parse({ ...base, careLevel }).careLevel).toBe(careLevel);
  });

  it('trims every text and keeps the optional fields it is given', () => {
    expect(
      CreatePlantInputSchema.parse({
        ...base,
        wateringFrequency: ' Weekly ',
        healthStatus: ' Needs Care ',
        lastWateredDate: ' 2026-03-01 ',
        nextWateringDate: '2026-03-08',
        image: ' /images/plants/mint.webp ',
        description: ' Fresh. ',
        notes: ' Pinch tips. ',
      }),
    ).toEqual({
      ...base,
      careLevel: 'easy',
      wateringFrequency: 'Weekly',
      healthStatus: 'Needs Care',
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-08',
      image: '/images/plants/mint.webp',
      description: 'Fresh.',
      notes: 'Pinch tips.',
    });
  });

  it('treats blank optional fields as not given, and blank defaults as the defaults', () => {
    const parsed = CreatePlantInputSchema.parse({
      ...base,
      careLevel: '',
      healthStatus: ' ',
      image: '',
      description: '  ',
      lastWateredDate: '',
    });
    expect(parsed).toEqual({ ...base, careLevel: 'easy', healthStatus: 'Healthy' });
  });

  it('accepts free-text health statuses up to 40 characters', () => {
    expect(CreatePlantInputSchema.parse({ ...base, healthStatus: 'Recovering after repotting' }).healthStatus).toBe(
      'Recovering after repotting',
    );
    expect(CreatePlantInputSchema.safeParse({ ...base, healthStatus: 'x'.repeat(40) }).success).toBe(true);
    expect(issuesOf(CreatePlantInputSchema.safeParse({ ...base, healthStatus: 'x'.repeat(41) }))).toEqual({
      healthStatus: 'Health status must be at most 40 characters.',
    });
  });

  it.each([
    ['plantName', LIMITS.plantName, 'Plant name must be at most 100 characters.'],
    ['wateringFrequency', LIMITS.wateringFrequency, 'Watering frequency must be at most 60 characters.'],
    ['description', LIMITS.description, 'Description must be at most 2000 characters.'],
    ['notes', LIMITS.notes, 'Notes must be at most 2000 characters.'],
  ] as const)('limits %s to %i characters, counted after trimming', (field, max, message) => {
    expect(CreatePlantInputSchema.safeParse({ ...base, [field]: ` ${'x'.repeat(max)} ` }).success).toBe(true);
    expect(issuesOf(CreatePlantInputSchema.safeParse({ ...base, [field]: 'x'.repeat(max + 1) }))).toEqual({
      [field]: message,
    });
  });

  it.each([
    ['plantName', 42, 'Plant name must be text.'],
    ['plantName', null, 'Plant name must be text.'],
    [
      'category',
      'cactus',
      'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
    ],
    ['careLevel', 'Easy', 'Care level must be one of: easy, moderate, difficult.'],
    ['wateringFrequency', 7, 'Watering frequency must be text.'],
    ['lastWateredDate', 20260301, 'Last watered date must be a date.'],
    ['nextWateringDate', '2026-02-29', 'Next watering date must be a real date written YYYY-MM-DD.'],
    ['image', 'javascript:alert(1)', 'Image must be an http or https URL.'],
    ['image', 12, 'Image must be a URL.'],
    ['description', ['a'], 'Description must be text.'],
    ['notes', { a: 1 }, 'Notes must be text.'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(issuesOf(CreatePlantInputSchema.safeParse({ ...base, [field]: value }))).toEqual({ [field]: message });
  });

  it('refuses an image URL over 2048 characters', () => {
    expect(
      issuesOf(CreatePlantInputSchema.safeParse({ ...base, image: `https://example.com/${'a'.repeat(2048)}` })),
    ).toEqual({
      image: 'Image URL must be at most 2048 characters.',
    });
  });
});

describe('UpdatePlantInputSchema', () => {
  const complete = {
    plantName: 'Jade',
    category: 'succulent',
    careLevel: 'easy',
    wateringFrequency: 'Every 2 weeks',
    healthStatus: 'Healthy',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-15',
    description: 'Sunny sill.',
  };

  it('takes the fields the Update form sends, trimmed', () => {
    expect(UpdatePlantInputSchema.parse({ ...complete, plantName: ' Jade ' })).toEqual(complete);
  });

  it('requires every field but the description', () => {
    expect(issuesOf(UpdatePlantInputSchema.safeParse({}))).toEqual({
      plantName: 'Plant name is required.',
      category: 'Category is required.',
      careLevel: 'Care level is required.',
      wateringFrequency: 'Watering frequency is required.',
      healthStatus: 'Health status is required.',
      lastWateredDate: 'Last watered date is required.',
      nextWateringDate: 'Next watering date is required.',
    });
  });

  it('reads a blank description as none', () => {
    expect(UpdatePlantInputSchema.parse({ ...complete, description: '   ' }).description).toBeUndefined();
    const { description: _description, ...withoutDescription } = complete;
    expect(UpdatePlantInputSchema.safeParse(withoutDescription).success).toBe(true);
  });

  it('drops what the Update form cannot change: image, notes, owner fields, timestamps', () => {
    const parsed = UpdatePlantInputSchema.parse({
      ...complete,
      image: 'https://example.com/x.jpg',
      notes: 'n',
      userEmail: 'x@example.test',
      ownerUid: 'u',
      createdAt: '2001-01-01T00:00:00.000Z',
      _id: 'abc',
    });
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(complete).sort());
  });

  it('accepts any category of either form and free-text health', () => {
    expect(
      UpdatePlantInputSchema.safeParse({ ...complete, category: 'Vegetable', healthStatus: 'Wilting a bit' }).success,
    ).toBe(true);
  });

  it('refuses impossible dates and empty required text', () => {
    expect(
      issuesOf(
        UpdatePlantInputSchema.safeParse({ ...complete, lastWateredDate: '2026-04-31', wateringFrequency: ' ' }),
      ),
    ).toEqual({
      lastWateredDate: 'Last watered date must be a real date written YYYY-MM-DD.',
      wateringFrequency: 'Watering frequency is required.',
    });
  });
});

describe('AddPlantFormSchema (the /addPlants form: all nine fields required)', () => {
  const complete = {
    image: 'https://example.com/aloe.jpg',
    plantName: 'Aloe',
    wateringFrequency: 'Every 3 weeks',
    healthStatus: 'Healthy',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-22',
    category: 'succulent',
    careLevel: 'easy',
    description: 'On the kitchen sill.',
  };

  it('accepts a complete form', () => {
    expect(AddPlantFormSchema.parse(complete)).toEqual(complete);
  });

  it('names every empty field as required', () => {
    const empty = Object.fromEntries(Object.keys(complete).map((key) => [key, '']));
    const messages = issuesOf(AddPlantFormSchema.safeParse(empty));
    expect(Object.keys(messages).sort()).toEqual(Object.keys(complete).sort());
    expect(messages.image).toBe('Image is required.');
    expect(messages.description).toBe('Description is required.');
    expect(messages.category).toBe('Category is required.');
  });

  it("offers only the plant form's categories", () => {
    for (const category of PLANT_FORM_CATEGORIES)
      expect(AddPlantFormSchema.safeParse({ ...complete, category }).success).toBe(true);
    expect(issuesOf(AddPlantFormSchema.safeParse({ ...complete, category: 'Fruit' }))).toEqual({
      category: 'Category must be one of: succulent, fern, flowering, bonsai.',
    });
  });
});

describe('PlantSchema (a plant as the API answers it)', () => {
  const answer = {
    _id: 'AbCdEfGhIjKlMnOpQrSt',
    plantName: 'Jade',
    category: 'succulent',
    careLevel: 'easy',
    healthStatus: 'Healthy',
    userName: 'Demo Gardener',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  };

  it('reads a public answer without the owner-only fields', () => {
    expect(PlantSchema.parse(answer)).toEqual(answer);
  });

  it("reads the owner's answer with userEmail and ownerUid", () => {
    const owners = { ...answer, userEmail: 'demo@mangogrove.test', ownerUid: 'demo-gardener' };
    expect(PlantSchema.parse(owners)).toEqual(owners);
  });

  it('needs the id and the timestamps', () => {
    const { _id: _unused, createdAt: _c, ...partial } = answer;
    expect(Object.keys(issuesOf(PlantSchema.safeParse(partial))).sort()).toEqual(['_id', 'createdAt']);
  });
});

describe('the known values', () => {
  it('are the union of both forms for categories, and the dashboard defaults for health', () => {
    expect(CATEGORIES).toEqual(['succulent', 'fern', 'flowering', 'bonsai', 'Fruit', 'Flower', 'Vegetable', 'Herbs']);
    expect([...PLANT_FORM_CATEGORIES, ...DASHBOARD_CATEGORIES]).toEqual(CATEGORIES);
    expect(HEALTH_STATUSES).toEqual(['Healthy', 'Needs Care', 'Critical']);
    expect(CARE_LEVELS).toEqual(['easy', 'moderate', 'difficult']);
  });
});

describe("a watering's input (CARE_JOB_INPUT_SCHEMAS.water)", () => {
  const water = CARE_JOB_INPUT_SCHEMAS.water;
  it('takes an optional real date, blank meaning none, and drops anything else', () => {
    expect(water.parse({ date: ' 2026-03-05 ', extra: 1 })).toEqual({ date: '2026-03-05' });
    expect(water.parse({})).toEqual({});
    expect(water.parse({ date: '' })).toEqual({});
  });
  it('names a bad date', () => {
    const result = water.safeParse({ date: '2026-02-30' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Watering date must be a real date written YYYY-MM-DD.');
    expect(water.safeParse({ date: 5 }).error?.issues[0]?.message).toBe('Watering date must be a date.');
  });
});
