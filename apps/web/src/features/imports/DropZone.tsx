import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden';

interface DropZoneProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  /** Which formats are read, shown under the button. */
  helper?: string;
}

/**
 * Drop a file here or choose one. The input takes any file on purpose: the server decides the format
 * by content, and says which formats it reads when it cannot.
 */
export function DropZone({ onFile, disabled = false, helper }: DropZoneProps) {
  const { t } = useTranslation('imports');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  const onDrag = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(event.type !== 'dragleave');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files);
    // The same file chosen again (a re-import) must fire change again.
    event.target.value = '';
  };

  return (
    <Box
      data-testid="drop-zone"
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: { xs: 2, sm: 4 },
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }} aria-hidden>
        <UploadFileOutlined />
      </Box>
      <Typography sx={{ mb: 2 }}>{t('drop.prompt')}</Typography>
      <Button variant="contained" disabled={disabled} onClick={() => input.current?.click()}>
        {t('drop.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        aria-label={t('drop.input')}
        tabIndex={-1}
        disabled={disabled}
        onChange={onChange}
        style={visuallyHidden}
      />
      {helper && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, maxWidth: 640, mx: 'auto' }}>
          {helper}
        </Typography>
      )}
    </Box>
  );
}
