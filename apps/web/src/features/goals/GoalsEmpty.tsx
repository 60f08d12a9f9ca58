import Add from '@mui/icons-material/Add';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { EmptyState } from '../layout/EmptyState';
import type { GoalForm } from './goal-form';
import { goalExamples } from './goal-examples';

/** No goals yet: one button to start, and examples that fill the dialog in. */
export function GoalsEmpty({ onCreate }: { onCreate: (initial?: GoalForm) => void }) {
  const examplesId = useId();
  return (
    <EmptyState
      icon={<FlagOutlined />}
      title="No goals yet"
      action={
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => onCreate()}>
            Create your first goal
          </Button>
          <Typography variant="body2" color="text.secondary" id={examplesId}>
            Or start from an example:
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
            aria-labelledby={examplesId}
            role="group"
          >
            {goalExamples.map((example) => (
              <Chip
                key={example.label}
                label={example.label}
                variant="outlined"
                onClick={() => onCreate(example.form)}
              />
            ))}
          </Stack>
        </Stack>
      }
    >
      Set a target on any metric — a daily or weekly amount, or a value to reach by a date — and follow your
      progress, streaks and where your current rate leads.
    </EmptyState>
  );
}
