import { IMPORT_MAX_BYTES_DEFAULT } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { DropZone } from './DropZone';
import { ImportCard } from './ImportCard';
import { toRefusal, type Refusal } from './imports-api';
import { formatBytes } from './import-text';
import { ImportsSection } from './ImportsSection';
import { useImportFormats, useImportJob, useUploadImport } from './queries';
import { RefusalAlert } from './RefusalAlert';
import { UploadProgressBar } from './UploadProgressBar';

const limitText = `Up to ${formatBytes(IMPORT_MAX_BYTES_DEFAULT)}; zip and gzip archives are fine.`;

/** "Import a file": drop or choose a file, watch it upload and import. */
export function ImportFile() {
  const formats = useImportFormats();
  const { upload, progress } = useUploadImport();
  const [jobId, setJobId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [discarded, setDiscarded] = useState<string | null>(null);
  const job = useImportJob(jobId);

  const start = (file: File) => {
    setRefusal(null);
    setDiscarded(null);
    if (file.size > IMPORT_MAX_BYTES_DEFAULT) {
      setRefusal({
        message: `This file is larger than ${formatBytes(IMPORT_MAX_BYTES_DEFAULT)}.`,
        formats: [],
      });
      return;
    }
    upload(file).then(
      (started) => setJobId(started.id),
      (error: unknown) => setRefusal(toRefusal(error)),
    );
  };

  const labels = formats.data?.map((f) => f.label) ?? [];
  const helper = labels.length > 0 ? `We read ${labels.join(', ')}. ${limitText}` : limitText;

  return (
    <ImportsSection title="Import a file">
      <DropZone onFile={start} disabled={progress !== null} helper={helper} />
      {progress && <UploadProgressBar progress={progress} />}
      {refusal && <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />}
      {discarded && (
        <Alert severity="info" onClose={() => setDiscarded(null)}>
          Discarded {discarded}: nothing from it was saved.
        </Alert>
      )}
      {job.data && (
        <ImportCard
          job={job.data}
          onDiscarded={() => {
            setDiscarded(job.data?.fileName ?? 'the report');
            setJobId(null);
          }}
        />
      )}
    </ImportsSection>
  );
}
