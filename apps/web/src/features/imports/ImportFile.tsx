import { IMPORT_MAX_BYTES_DEFAULT } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatName } from './format-name';
import { DropZone } from './DropZone';
import { ImportCard } from './ImportCard';
import { toRefusal, type Refusal } from './imports-api';
import { formatBytes } from './import-text';
import { ImportsSection } from './ImportsSection';
import { useImportFormats, useImportJob, useUploadImport } from './queries';
import { RefusalAlert } from './RefusalAlert';
import { UploadProgressBar } from './UploadProgressBar';

/** "Import a file": drop or choose a file, watch it upload and import. */
export function ImportFile() {
  const { t } = useTranslation('imports');
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
        message: t('file.tooLarge', { size: formatBytes(IMPORT_MAX_BYTES_DEFAULT) }),
        formats: [],
      });
      return;
    }
    upload(file).then(
      (started) => setJobId(started.id),
      (error: unknown) => setRefusal(toRefusal(error)),
    );
  };

  const labels = formats.data?.map((f) => formatName(t, f)) ?? [];
  const limitText = t('file.limit', { size: formatBytes(IMPORT_MAX_BYTES_DEFAULT) });
  const helper =
    labels.length > 0 ? `${t('file.weRead', { formats: labels.join(', ') })} ${limitText}` : limitText;

  return (
    <ImportsSection title={t('file.title')}>
      <DropZone onFile={start} disabled={progress !== null} helper={helper} />
      {progress && <UploadProgressBar progress={progress} />}
      {refusal && <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />}
      {discarded && (
        <Alert severity="info" onClose={() => setDiscarded(null)}>
          {t('file.discarded', { name: discarded })}
        </Alert>
      )}
      {job.data && (
        <ImportCard
          job={job.data}
          onDiscarded={() => {
            setDiscarded(job.data?.fileName ?? t('file.theReport'));
            setJobId(null);
          }}
        />
      )}
    </ImportsSection>
  );
}
