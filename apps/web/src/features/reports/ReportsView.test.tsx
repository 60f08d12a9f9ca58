// @vitest-environment jsdom
import type { ReportJob } from '@healthfolio/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { apiData, onApi } from '../../test/msw';
import { ReportsView } from './ReportsView';

const running: ReportJob = {
  id: 'r1',
  status: 'running',
  progress: 40,
  from: '2026-08-01',
  to: '2026-11-21',
  sections: ['summary', 'labs'],
  createdAt: '2026-11-22T12:00:00.000Z',
  finishedAt: null,
  pages: null,
  bytes: null,
  failure: null,
};

describe('ReportsView', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('asks for a report of the chosen sections and shows it with its progress', async () => {
    const user = userEvent.setup();
    let reports: ReportJob[] = [];
    onApi('get', '/api/reports', () => ({ items: reports }));
    const created = onApi('post', '/api/reports', () => {
      reports = [running];
      return apiData(running, 202);
    });
    render(signedIn(<ReportsView />, { url: '/reports' }).ui);
    expect(await screen.findByText('No reports yet')).toBeTruthy();

    for (const name of [
      'Vitals',
      'Activity',
      'Sleep',
      'Body composition',
      'Glucose',
      'Clinical summary',
      'Insights',
      'Goals',
    ]) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-08-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Generate report' }));

    await waitFor(() =>
      expect(created.map((request) => request.body)).toEqual([
        { from: '2026-08-01', to: '2026-11-21', sections: ['summary', 'labs'] },
      ]),
    );
    const row = await screen.findByTestId('report-row');
    expect(within(row).getByText('Being made')).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: 'Making the report: 40 %' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download PDF' }).hasAttribute('disabled')).toBe(true);
  });

  it('says what is missing instead of asking for an empty report', async () => {
    const user = userEvent.setup();
    onApi('get', '/api/reports', { items: [] });
    render(signedIn(<ReportsView />, { url: '/reports' }).ui);
    for (const checkbox of screen.getAllByRole('checkbox')) await user.click(checkbox);
    expect(screen.getByText('Choose at least one section.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate report' }).hasAttribute('disabled')).toBe(true);
  });
});
