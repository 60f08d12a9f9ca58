import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { ImportsService, ReceivedUpload } from './imports.service';

/** Bytes an upload may queue for the disk before the parser is paused. */
const UPLOAD_WRITE_BUFFER = 1024 * 1024;

export interface ReceivedFile extends ReceivedUpload {
  /** The import's id, chosen with its path. */
  id: string;
  /** The form's text fields ("kind", "labName"), before or after the file. */
  fields: Record<string, string>;
}

/**
 * Streams a multipart upload's `file` to the user's upload folder as it arrives (never into memory),
 * refusing a body above `maxBytes` (413) and an empty file (400).
 */
export async function receiveUpload(
  request: FastifyRequest,
  imports: ImportsService,
  maxBytes: number,
  /** Told the declared size once it is accepted, before the body arrives. */
  onStart?: (declaredBytes: number) => void,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  onStart?.(declared);
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    throw new AppError('validation', 'file: attach the export as the multipart field "file"');
  }
  const target = await imports.uploadPath(request.userId);
  let size = 0;
  part.file.on('data', (chunk: Buffer) => (size += chunk.length));
  try {
    // The multipart parser hands over 64 KiB at a time. With room for a MiB, the chunks that queue up
    // during one write go to disk in the next, as one writev: a 400 MB upload lands ~25 % sooner than
    // with the default 16 KiB (apps/server/bench/import.bench.ts).
    await pipeline(part.file, createWriteStream(target.path, { highWaterMark: UPLOAD_WRITE_BUFFER }));
  } catch (error) {
    await rm(target.path, { force: true });
    if ((error as { statusCode?: number }).statusCode === 413 || part.file.truncated)
      throw tooLarge(maxBytes);
    throw error;
  }
  if (part.file.truncated) {
    await rm(target.path, { force: true });
    throw tooLarge(maxBytes);
  }
  if (size === 0) {
    await rm(target.path, { force: true });
    throw new AppError('validation', 'file: the file is empty');
  }
  // Fields sent after the file are read once its stream has been consumed.
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === 'field') fields[name] = String(field.value);
  }
  const fileName = (part.filename || 'upload').slice(0, 200);
  return { id: target.id, path: target.path, fileName, size, fields };
}

export const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than the ${formatBytes(maxBytes)} we accept.`);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
