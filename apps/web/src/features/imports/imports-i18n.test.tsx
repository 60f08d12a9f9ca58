// @vitest-environment jsdom
import type { ImportJob } from '@healthfolio/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DropZone } from './DropZone';
import { ImportStatusChip } from './ImportStatusChip';
import { resultCounts } from './import-text';
import { importJob } from './test-utils';

afterEach(cleanup);

describe('imports in Spanish', () => {
  it('the drop zone, a status by its code and the counts speak Spanish; an unknown code shows as sent', async () => {
    i18n.addResourceBundle('es', 'imports', (await import('../../i18n/locales/es/imports.json')).default);
    await i18n.changeLanguage('es');
    render(
      <>
        <DropZone onFile={() => {}} />
        <ImportStatusChip status="needs_review" />
        <ImportStatusChip status={'paused' as ImportJob['status']} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Elegir archivo' })).toBeTruthy();
    expect(screen.getByLabelText('Archivo para importar')).toBeTruthy();
    expect(screen.getByText('Requiere revisión')).toBeTruthy();
    expect(screen.getByText('paused')).toBeTruthy();
    expect(resultCounts(importJob({ inserted: 12000, duplicates: 3, rejected: 0 }))).toBe(
      '12.000 añadidos, 3 ya existentes, 0 rechazados',
    );
  });
});
