/**
 * Export and import of a user's plants (GET /mango/export, POST /mango/import), shared by the API
 * and the web app. Pure types and constants: no zod, so any page can import it.
 */

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most plants one import may hold. */
export const IMPORT_MAX_PLANTS = 1000;
/** The largest file one import may send: 2 MB. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** One thing wrong with one plant of an import: its row, the field (its CSV column), the model's sentence. */
export interface ImportError {
  /**
   * CSV: the spreadsheet row (the header is row 1, so the first plant is row 2). JSON: the plant's
   * position in `plants`, from 1.
   */
  row: number;
  field: string;
  message: string;
}

/** A plant an import adds (or, in a dry run, would add). */
interface ImportedPlant {
  row: number;
  plantName: string;
  category: string;
  /** The new plant's id; absent in a dry run. */
  _id?: string;
}

/** A row left out because its `_id` is a plant the caller owns already. */
interface SkippedRow {
  row: number;
  _id: string;
  plantName: string;
}

/** The answer of POST /mango/import (and, with `error`, of a refused real import). */
export interface ImportResult {
  dryRun: boolean;
  /** Plants added; in a dry run, plants that would be added. */
  created: number;
  skipped: number;
  errors: ImportError[];
  plants: ImportedPlant[];
  skippedRows: SkippedRow[];
}
