import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { ImportProblem } from '@healthfolio/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, problemPlace } from './import-text';

/** The first reasons records were rejected (the server keeps at most 20), folded away until asked for. */
export function RejectionList({ problems, rejected }: { problems: ImportProblem[]; rejected: number }) {
  const { t } = useTranslation('imports');
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (problems.length === 0) return null;
  const label =
    problems.length < rejected
      ? t('rejections.firstOf', { shown: formatCount(problems.length), total: formatCount(rejected) })
      : formatCount(problems.length);
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
      >
        {t(open ? 'rejections.hide' : 'rejections.show', { label })}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box component="ul" id={listId} sx={{ m: 0, pl: 3, mt: 1 }}>
          {problems.map((problem, index) => {
            const place = problemPlace(problem);
            return (
              <Typography component="li" variant="body2" key={index} sx={{ overflowWrap: 'anywhere' }}>
                {place && (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {place}:{' '}
                  </Box>
                )}
                {problem.message}
              </Typography>
            );
          })}
        </Box>
      </Collapse>
    </Box>
  );
}
