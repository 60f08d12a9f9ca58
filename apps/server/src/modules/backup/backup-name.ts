/** A backup's file name, its UTC time and extension captured. */
export const BACKUP_FILE_NAME = /^healthfolio-backup-(\d{8}T\d{6}Z)\.(zip|hfbackup)$/;

/** `healthfolio-backup-20261129T031500Z.zip` (`.hfbackup` when encrypted): sorts by time. */
export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `healthfolio-backup-${stamp}.${encrypted ? 'hfbackup' : 'zip'}`;
}
