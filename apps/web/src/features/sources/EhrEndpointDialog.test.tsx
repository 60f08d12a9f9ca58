// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, onApi, type ApiRequest } from '../../test/msw';
import { EhrEndpointDialog, matchEndpoints, type EhrEndpoint } from './EhrEndpointDialog';
import { openConsentPage } from './consent-page';
import { dataSource, testQueryClient, WithQueries } from './test-utils';

// Leaving the app for the provider's page is navigation, not our API: that seam alone is replaced.
vi.mock('./consent-page', () => ({ openConsentPage: vi.fn() }));

let endpointRequests: ApiRequest[] = [];
/** What `POST /api/data-sources/:kind/connect` received: the kind and the body. */
const connects = (requests: ApiRequest[]) => requests.map(({ path, body }) => [path.split('/')[3], body]);

const ENDPOINTS: EhrEndpoint[] = [
  { id: 'sandbox', name: 'Healthfolio sandbox EHR', fhirBaseUrl: null },
  {
    id: 'epic-sandbox',
    name: 'Epic on FHIR sandbox',
    fhirBaseUrl: 'https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4',
  },
  {
    id: 'cerner-sandbox',
    name: 'Oracle Health (Cerner) sandbox',
    fhirBaseUrl: 'https://fhir-myrecord.cerner.com/r4/ec2458f2',
  },
  { id: 'mercy', name: 'Mercy General Hospital', fhirBaseUrl: 'https://fhir.mercy.example/r4' },
];

function renderDialog(sandbox = false) {
  endpointRequests = onApi('get', '/api/integrations/ehr/endpoints', { items: ENDPOINTS });
  const onClose = vi.fn();
  render(
    <WithQueries client={testQueryClient()}>
      <EhrEndpointDialog
        source={dataSource('ehr')}
        sandbox={sandbox}
        onClose={onClose}
        onConnected={vi.fn()}
      />
    </WithQueries>,
  );
  return { onClose };
}

describe('the EHR endpoint picker', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.mocked(openConsentPage).mockReset();
  });

  it('finds a health system by name or address, connects it and opens its consent page', async () => {
    const user = userEvent.setup();
    const connected = onApi('post', '/api/data-sources/:kind/connect', {
      authorizationUrl: 'https://fhir.epic.com/interconnect-fhir-oauth/oauth2/authorize?aud=x',
      source: dataSource('ehr'),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Connect your health record' });
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(4);
    expect(endpointRequests).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Connect' })).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText('Search health systems'), 'epic');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    await user.click(within(dialog).getByRole('radio', { name: /Epic on FHIR sandbox/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));

    await vi.waitFor(() => expect(connects(connected)).toEqual([['ehr', { endpoint: 'epic-sandbox' }]]));
    await vi.waitFor(() =>
      expect(openConsentPage).toHaveBeenCalledWith(
        'https://fhir.epic.com/interconnect-fhir-oauth/oauth2/authorize?aud=x',
      ),
    );
  });

  it('says when nothing matches, and shows the server’s refusal without leaving', async () => {
    const user = userEvent.setup();
    const connected = onApi(
      'post',
      '/api/data-sources/:kind/connect',
      apiError(400, 'validation', 'Choose an endpoint from the list'),
    );
    renderDialog(true);
    const dialog = await screen.findByRole('dialog', { name: 'Connect your health record' });
    await user.type(within(dialog).getByLabelText('Search health systems'), 'nowhere clinic');
    expect(await within(dialog).findByText(/No health system matches/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Search health systems'));
    // Opened from "Use the sandbox": the sandbox EHR is already chosen.
    expect(within(dialog).getByRole('radio', { name: /Healthfolio sandbox EHR \(Sandbox\)/ })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Choose an endpoint from the list')).toBeTruthy();
    expect(connects(connected)).toEqual([['ehr', { endpoint: 'sandbox' }]]);
    expect(openConsentPage).not.toHaveBeenCalled();
  });

  it('matches every word of the search against name and address', () => {
    expect(matchEndpoints(ENDPOINTS, 'oracle sandbox').map((e) => e.id)).toEqual(['cerner-sandbox']);
    expect(matchEndpoints(ENDPOINTS, 'MERCY.example').map((e) => e.id)).toEqual(['mercy']);
    expect(matchEndpoints(ENDPOINTS, '  ')).toHaveLength(4);
  });
});
