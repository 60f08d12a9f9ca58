// The imports module's door: uploads received to disk, the imports service and repository, and what the
// lab and DEXA report review (modules/reports) shows of an import.
export { MAX_PROBLEMS } from './import-progress';
export { ImportsRepository, type ImportRow } from './imports.repository';
export { notPdf, type ImportsService, type ReportRequest } from './imports.service';
export { presentImport } from './present';
export { receiveUpload, type ReceivedFile } from './receive-upload';
export { readReportInfo } from './report-info';
