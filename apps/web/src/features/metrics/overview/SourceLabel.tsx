import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { avatarColor } from '../../sources/SourceAvatar';
import { initials } from '../../sources/source-text';
import { sourceName } from './overview-text';

/** A value's source as the Sources page shows it: the provider's own colour and initials, and its name. */
export function SourceLabel({ source, device }: { source: string; device?: string | null }) {
  const name = sourceName(source);
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      {source !== '*' && (
        <Avatar
          aria-hidden
          sx={{
            width: 18,
            height: 18,
            fontSize: '0.6rem',
            fontWeight: 600,
            bgcolor: avatarColor(source),
            color: '#FFFFFF',
          }}
        >
          {initials(name)}
        </Avatar>
      )}
      <Typography variant="caption" color="text.secondary" noWrap data-testid="source-name">
        {device ? `${name} · ${device}` : name}
      </Typography>
    </Stack>
  );
}
