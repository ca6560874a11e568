import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { z } from 'zod';
import { PRIVATE_CACHE, sendJson } from '../lib/http-cache';
import { HttpError } from '../lib/http-error';
import { reportReads } from '../lib/read-meter';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { EXPORT_FORMATS, IMPORT_MAX_BYTES } from '../model/transfer';
import { readCsv, readJsonExport, type ImportRow } from './transfer-format';
import { ImportRefused, type ExportFile, type TransferService } from './transfer.service';

const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be json or csv.' }).default('json'),
});

const ImportQuerySchema = z.object({
  dryRun: z
    .enum(['0', '1'], { error: 'dryRun must be 1 (check the file and store nothing) or 0 (import it).' })
    .default('0'),
});

/** The Cloud Functions runtime keeps the bytes it read here. */
type RuntimeRequest = Request & { rawBody?: Buffer };

const tooLarge = () =>
  new HttpError(
    413,
    'payload_too_large',
    `The file is too large: an import takes at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  );

/*
 * The import's file as bytes, whatever its type, up to IMPORT_MAX_BYTES. In Cloud Functions (and
 * its emulator) the runtime has already read the body (up to 32 MB) before Express runs and keeps
 * the bytes in req.rawBody; this parser then steps aside. Anywhere else (supertest) it reads them.
 */
const readBytes = express.raw({ type: () => true, limit: IMPORT_MAX_BYTES });

const importBytes: RequestHandler = (req, res, next) => {
  if (Number(req.get('content-length') ?? 0) > IMPORT_MAX_BYTES) {
    next(tooLarge());
    return;
  }
  readBytes(req, res, (error?: unknown) =>
    next((error as { type?: unknown } | undefined)?.type === 'entity.too.large' ? tooLarge() : error),
  );
};

/** The plants of the import's file: JSON (an export) or CSV, UTF-8 (a BOM is allowed). */
function importRows(req: RuntimeRequest): ImportRow[] {
  const bytes = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  const kind = req.is(['application/json', 'text/csv']);
  if (!kind) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the file as JSON (Content-Type: application/json) or CSV (Content-Type: text/csv).',
    );
  }
  const format = kind === 'text/csv' ? 'CSV' : 'JSON';
  const malformed = (message: string) =>
    new HttpError(400, kind === 'text/csv' ? 'malformed_csv' : 'malformed_json', message);
  let text: string;
  try {
    // Takes a UTF-8 byte order mark off the start, as spreadsheets write one.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformed(`The file is not UTF-8 text. Save it as ${format} in UTF-8 and try again.`);
  }
  if (text.trim() === '') throw malformed(`The file is empty: there is no ${format} to import.`);
  return kind === 'text/csv' ? readCsv(text) : readJsonExport(text);
}

/** A download: an attachment with its dated name, private like every answer asked with a token. */
function sendFile(res: Response, file: ExportFile): void {
  reportReads(res);
  // attachment() also sets a Content-Type from the name's extension: ours, with its charset, follows.
  res
    .status(200)
    .attachment(file.filename)
    .set({ 'Content-Type': file.contentType, 'Cache-Control': PRIVATE_CACHE })
    .vary('Authorization')
    .send(file.body);
}

/** /mango/export and /mango/import: the caller's own plants, so every answer is private. */
export function createTransferRouter(service: TransferService, auth: () => Auth): Router {
  const router = Router();
  const signedIn = [authenticate(auth), requireSignedIn];

  router
    .route('/export')
    .get(...signedIn, async (req, res) => {
      const { format } = parseInput(ExportQuerySchema, req.query);
      sendFile(res, await service.exportPlants(requireViewer(res), format));
    })
    .all(methodNotAllowed('GET, HEAD'));

  router
    .route('/import')
    .post(...signedIn, importBytes, async (req, res) => {
      const { dryRun } = parseInput(ImportQuerySchema, req.query);
      const rows = importRows(req);
      try {
        sendJson(res, await service.importPlants(requireViewer(res), rows, dryRun === '1'), 'private');
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        // The JSON error shape, and beside it the answer with every error of the file.
        sendJson(
          res,
          { error: { code: error.code, message: error.message }, ...error.result },
          'private',
          error.status,
        );
      }
    })
    .all(methodNotAllowed('POST'));

  return router;
}
