import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';
import type { InsightSeverity } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';

/** The palette colour of each severity: the chip's, and the card's highlighted days. */
export const severityColors = { info: 'info', warning: 'warning', critical: 'error' } as const;

const icons = {
  info: <InfoOutlined />,
  warning: <WarningAmberOutlined />,
  critical: <ErrorOutlineOutlined />,
};

/** The severity in words and an icon as well as colour. */
export function SeverityChip({ severity }: { severity: InsightSeverity }) {
  const { t } = useTranslation('insights');
  return (
    <Chip
      size="small"
      color={severityColors[severity]}
      icon={icons[severity]}
      label={t(`severities.${severity}`)}
    />
  );
}
