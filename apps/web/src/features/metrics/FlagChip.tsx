import Chip from '@mui/material/Chip';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import { describeFlag } from './flags';

/** "High" / "Low" / "Abnormal" in words and an icon, not colour alone. */
export function FlagChip({ flag }: { flag: string | null | undefined }) {
  const shown = describeFlag(flag);
  if (!shown) return null;
  const icon =
    shown.severity === 'high' ? (
      <ArrowUpward />
    ) : shown.severity === 'low' ? (
      <ArrowDownward />
    ) : (
      <PriorityHigh />
    );
  return <Chip size="small" color="error" variant="outlined" icon={icon} label={shown.label} />;
}
