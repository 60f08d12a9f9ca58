import { INGEST_KINDS, type ConnectResult, type DataSource, type SourceKind } from '@healthfolio/core';
import type { ComponentType } from 'react';
import { IngestDialog } from '../ingest/IngestDialog';
import { EhrEndpointDialog } from './EhrEndpointDialog';
import { InstructionsDialog } from './InstructionsDialog';
import { ReportBuilderDialog } from './ReportBuilderDialog';

/** What a kind's own connect dialog is given by its card. */
export interface ConnectDialogProps {
  source: DataSource;
  /** Connect the sandbox provider (test data) instead of the real one. */
  sandbox: boolean;
  onClose: () => void;
  /** Told when the source is connected; the card says so and refreshes. */
  onConnected: (result: ConnectResult) => void;
  /** Takes the person to the import drop zone. */
  onImportInstead?: () => void;
}

/**
 * Kinds that connect through a dialog of their own rather than a consent page or a password: an EHR
 * endpoint picker, an ingest URL's set-up steps, a feed's URL and key, an export's instructions.
 * A card whose kind is listed here offers "Connect" and opens it.
 */
export const connectDialogs: Partial<Record<SourceKind, ComponentType<ConnectDialogProps>>> = {
  report_builder: ReportBuilderDialog,
  ehr: EhrEndpointDialog,
  myfitnesspal: InstructionsDialog,
  quest_diagnostics: InstructionsDialog,
  labcorp: InstructionsDialog,
  ...Object.fromEntries(INGEST_KINDS.map((kind) => [kind, IngestDialog])),
};

/** Kinds whose dialog also manages the connection once made (an ingest URL's status and rotation). */
export const manageDialogs: ReadonlySet<SourceKind> = new Set<SourceKind>(INGEST_KINDS);
