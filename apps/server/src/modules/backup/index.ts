// The backup module's door: write and restore one archive of the database and data directory, and the
// archives' names (the backup command and the scheduled backups).
export { createBackup, restoreBackup } from './backup';
export { BACKUP_FILE_NAME, backupFileName } from './backup-name';
