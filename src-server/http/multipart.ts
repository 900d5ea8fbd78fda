import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ERROR_STATUS, ErrorCode } from '../../shared/contract/common.ts';
import { MB, type UploadSpec } from '../../shared/contract/endpoint.ts';
import { AppError, badRequest } from './errors.ts';
import { wideTextEncodingOf } from './text-encoding.ts';

/** One uploaded file, its media type read from its bytes (never from its name or declared type). */
export interface UploadedFile {
  /** The name the client gave, cleaned for messages; never used as a path. */
  name: string;
  /** The client's file name without path or control characters ('' when none), for a download's name. */
  fileName?: string;
  mediaType: string;
  data: Buffer;
}

export interface MultipartForm {
  /** The JSON field, parsed; undefined when the form has none. */
  json: unknown;
  files: UploadedFile[];
}

/**
 * Lets routes read multipart/form-data. Only endpoints of the contract marked `multipart` read a
 * form (`readMultipartForm`, with their own limits); every other endpoint refuses one with 415.
 */
export async function installMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true, limits: { files: 0, fields: 0, parts: 0 } });
}

/** The JSON request of a form is small; its longest text field (a description) is 20,000 characters. */
const MAX_JSON_FIELD_BYTES = 1 * MB;

const MEDIA_NAMES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
};

const listOf = (types: readonly string[]) => {
  const names = types.map((type) => MEDIA_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};

const sizeText = (bytes: number) =>
  bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.round(bytes / 1024)} KB`;

/** The file's own name: no paths, control or text-direction characters. */
function cleanFileName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).at(-1) ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
}

/** The file's name as a message may show it: no control characters or paths, at most 80 characters. */
function displayName(filename: string | undefined): string {
  const clean = cleanFileName(filename);
  if (!clean) return 'A file';
  return `“${clean.length > 80 ? `${clean.slice(0, 77)}…` : clean}”`;
}

const tooLarge = (message: string) =>
  new AppError(ERROR_STATUS.payload_too_large, ErrorCode.PayloadTooLarge, message);
const unsupported = (message: string) =>
  new AppError(ERROR_STATUS.unsupported_media_type, ErrorCode.UnsupportedMediaType, message);

/** Our words for the form parser's own errors (its messages name internals). */
function formError(error: unknown, upload: UploadSpec): AppError | undefined {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const part = (error as { part?: { filename?: string } }).part;
      return tooLarge(
        `${displayName(part?.filename)} is larger than ${sizeText(upload.maxFileBytes)}. Choose a smaller file.`,
      );
    }
    case 'FST_FILES_LIMIT':
      return tooLarge(`Send at most ${upload.maxFiles} files at once.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge('The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return badRequest('The form has a field name that is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return jsonFieldError(upload);
    default:
      return undefined;
  }
}

const jsonFieldError = (upload: UploadSpec) =>
  badRequest('The request is not valid.', { [upload.jsonField ?? 'request']: 'This field must hold JSON.' });

const EXCEL_TYPES: Readonly<Record<string, string>> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook',
  'application/x-cfb': 'an Excel 97–2003 workbook',
  'application/vnd.ms-excel': 'an Excel 97–2003 workbook',
  'application/zip': 'a ZIP archive',
  'application/vnd.oasis.opendocument.spreadsheet': 'an OpenDocument spreadsheet',
};

/**
 * A CSV upload is read as text: UTF-8 (with or without a byte-order mark), no NUL bytes. Files of
 * another kind (a workbook, an image) or in another encoding are refused with what to do instead.
 */
function checkCsvText(data: Buffer, name: string, detectedType: string | undefined): Buffer {
  const wide = wideTextEncodingOf(data);
  if (wide) {
    throw unsupported(
      `${name} is ${wide} text, not UTF-8. Save it as “CSV UTF-8” (in Excel: Save As, CSV UTF-8) and upload that file.`,
    );
  }
  if (detectedType) {
    const what = EXCEL_TYPES[detectedType] ?? `a file of type ${detectedType}`;
    throw unsupported(`${name} is ${what}, not CSV. Save it as “CSV UTF-8” and upload that file.`);
  }
  if (data.includes(0)) {
    throw unsupported(
      `${name} is not a text file (it holds binary data, or is saved as UTF-16). Save it as “CSV UTF-8” and upload that file.`,
    );
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw unsupported(
      `${name} is not UTF-8 text. Save it as “CSV UTF-8” (in Excel: Save As, CSV UTF-8) and upload that file.`,
    );
  }
  return data;
}

/**
 * Reads a multipart request of the contract: its JSON field (the request, parsed by the caller with
 * the endpoint's body schema) and its files, within the endpoint's `upload` limits. Each file's type
 * is read from its first bytes and must be one the endpoint accepts.
 */
export async function readMultipartForm(request: FastifyRequest, upload: UploadSpec): Promise<MultipartForm> {
  const fileHint = `the files in “${upload.fileField}”`;
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw unsupported(
      upload.jsonField
        ? `Send this request as multipart/form-data: the request as JSON in the field “${upload.jsonField}” and ${fileHint}.`
        : `Send this request as multipart/form-data with ${fileHint}.`,
    );
  }
  let json: unknown;
  let sawJson = false;
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: upload.maxFileBytes,
        files: upload.maxFiles,
        fields: 4,
        fieldSize: MAX_JSON_FIELD_BYTES,
        parts: upload.maxFiles + 4,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== upload.jsonField || sawJson) {
          throw badRequest('The form has a field this request does not take.');
        }
        if (part.valueTruncated) throw tooLarge('The request field is too large.');
        sawJson = true;
        if (typeof part.value === 'string') {
          try {
            json = JSON.parse(part.value);
          } catch {
            throw jsonFieldError(upload);
          }
        } else {
          json = part.value;
        }
        continue;
      }
      if (part.fieldname !== upload.fileField) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest(`Send files in the field “${upload.fileField}”.`);
      }
      const data = await part.toBuffer();
      const name = displayName(part.filename);
      if (data.length === 0) throw badRequest(`${name} is empty.`);
      const detected = await fileTypeFromBuffer(data);
      if (upload.accept.includes('text/csv')) {
        files.push({ name, mediaType: 'text/csv', data: checkCsvText(data, name, detected?.mime) });
        continue;
      }
      if (!detected || !upload.accept.includes(detected.mime)) {
        const noun = upload.accept.every((type) => type.startsWith('image/')) ? 'image' : 'file';
        const what = detected
          ? `a ${MEDIA_NAMES[detected.mime] ?? detected.ext.toUpperCase()} file`
          : `not ${noun === 'image' ? 'an image' : 'a file of those types'}`;
        throw unsupported(`${name} is ${what}. Choose a ${listOf(upload.accept)} ${noun}.`);
      }
      files.push({ name, fileName: cleanFileName(part.filename), mediaType: detected.mime, data });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const known = formError(error, upload);
    if (known) throw known;
    request.log.info({ err: error }, 'unreadable multipart form');
    throw badRequest('The form data is malformed or incomplete. Send it again.');
  }
  if (upload.jsonField && !sawJson && !upload.jsonOptional) {
    throw badRequest('The request is not valid.', {
      [upload.jsonField]: `Send the request as JSON in the form field “${upload.jsonField}”.`,
    });
  }
  if (files.length < upload.minFiles) {
    throw badRequest(
      `Send at least ${upload.minFiles} file${upload.minFiles === 1 ? '' : 's'} in “${upload.fileField}”.`,
    );
  }
  return { json, files };
}
