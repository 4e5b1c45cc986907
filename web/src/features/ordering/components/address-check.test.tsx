// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { AddressCheck } from './address-check';

const base = {
  latitude: null,
  longitude: null,
  precision: null,
  areas: [],
  packages: [],
  suggestions: [],
  address: null,
  areaKind: 'outside',
  availability: 'not_served',
};
const CART_ID = 'c'.repeat(32);
const ADDRESS = {
  number: '2211',
  street: 'Clark Ln',
  unit: '',
  city: 'Columbia',
  state: 'MO',
  zip: '65202',
  zipFour: '5050',
  county: 'Boone',
  line: '2211 Clark Ln, Columbia, MO 65202-5050',
};
const SUGGESTION = {
  line1: '2211 Clark Ln',
  unit: '',
  city: 'Columbia',
  state: 'MO',
  zip: '65202',
  label: '2211 Clark Ln, Columbia, MO 65202',
};

describe('the availability check', () => {
  it('names the fields before asking the server', async () => {
    const { requests } = stubFetch({});
    const { user } = renderApp(<AddressCheck onCart={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Check this address' }));
    expect(
      await screen.findByText('Street address must be 3 to 100 characters, like 2208 Clark Ln.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('offers "Did you mean" and checks the suggestion, or the address as typed', async () => {
    const { requests } = stubFetch({
      'POST /api/ordering/carts': {
        status: 201,
        body: {
          cartId: CART_ID,
          checkId: 'Qm9vbmVWYWxsZXlDaGVjazI',
          address: ADDRESS,
          temporary: false,
          areaKind: 'fiber',
          latitude: 38.9655,
          longitude: -92.2973,
          areas: [],
          available: [],
          lines: [],
          monthlyCents: 0,
          oneTimeCents: 0,
          dueTodayCents: 0,
          removed: [],
        },
      },
      'POST /api/ordering/availability': (req) => {
        const body = req.body as { line1: string; acceptUnverified: boolean };
        if (body.line1 === '2211 Clark Ln') {
          return {
            body: {
              ...base,
              checkId: 'Qm9vbmVWYWxsZXlDaGVjazI',
              status: 'verified',
              message: 'Fiber is available at 2211 Clark Ln, Columbia, MO 65202-5050. Choose your packages below.',
              address: ADDRESS,
              areaKind: 'fiber',
              availability: 'available',
              packages: [
                {
                  id: 2,
                  name: 'Fiber 1 Gig Internet',
                  category: 'internet',
                  monthlyCents: 7500,
                  installFeeCents: 9900,
                  speedMbps: 1000,
                  description: null,
                },
              ],
            },
          };
        }
        return {
          body: {
            ...base,
            checkId: 'Qm9vbmVWYWxsZXlDaGVjazE',
            status: 'suggestions',
            message:
              'We could not find 2211 Clrak Ln, Columbia, MO 65202. Did you mean 2211 Clark Ln, Columbia, MO 65202?',
            suggestions: [SUGGESTION],
          },
        };
      },
    });
    const carts: string[] = [];
    const { user } = renderApp(<AddressCheck onCart={(id) => carts.push(id)} />);
    await user.type(screen.getByLabelText('Street address'), '2211 Clrak Ln');
    await user.type(screen.getByLabelText('City'), 'Columbia');
    await user.type(screen.getByLabelText('ZIP code'), '65202');
    await user.click(screen.getByRole('button', { name: 'Check this address' }));
    expect(await screen.findByText(/Did you mean 2211 Clark Ln/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use the address as I typed it' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Use ${SUGGESTION.label}` }));
    expect(await screen.findByRole('heading', { name: 'Fiber is available' })).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveValue('2211 Clark Ln');
    expect(screen.getByText('Fiber 1 Gig Internet')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/ordering/availability')).toHaveLength(2));
    // Served: the cart is made with the answer and the package step opens (one click).
    await waitFor(() => expect(carts).toEqual([CART_ID]));
    expect(requests.find((r) => r.path === '/api/ordering/carts')?.body).toEqual({
      checkId: 'Qm9vbmVWYWxsZXlDaGVjazI',
    });
  });

  it('checks at once when the ZIP lookup has not filled the city: the server takes the ZIP’s city, shown after', async () => {
    // No answer to the ZIP lookup here: as when the visitor clicks before it lands.
    const { requests } = stubFetch({
      'POST /api/ordering/availability': {
        body: {
          ...base,
          checkId: 'Qm9vbmVWYWxsZXlDaGVjazM',
          status: 'verified',
          message: 'Fiber is available at 2211 Clark Ln, Columbia, MO 65202-5050. Choose your packages below.',
          address: ADDRESS,
          areaKind: 'fiber',
          availability: 'available',
        },
      },
    });
    const { user } = renderApp(<AddressCheck onCart={() => {}} />);
    await user.type(screen.getByLabelText('Street address'), '2211 Clark Ln');
    await user.type(screen.getByLabelText('ZIP code'), '65202');
    await user.click(screen.getByRole('button', { name: 'Check this address' }));
    expect(await screen.findByRole('heading', { name: 'Fiber is available' })).toBeVisible();
    expect(screen.queryByText('City must be 2 to 60 characters.')).toBeNull();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ line1: '2211 Clark Ln', zip: '65202', city: '' });
    expect(screen.getByLabelText(/^City/)).toHaveValue('Columbia');
  });

  it('never types the ZIP’s city into the City field while the visitor is in it', async () => {
    stubFetch({
      'GET /api/ordering/zip-codes/65202': { body: { zip: '65202', city: 'Columbia', state: 'MO', county: 'Boone' } },
    });
    const { user } = renderApp(<AddressCheck onCart={() => {}} />);
    await user.type(screen.getByLabelText('ZIP code'), '65202');
    await user.tab();
    expect(screen.getByLabelText(/^City/)).toHaveFocus();
    await user.keyboard('Columbia');
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Columbia'));
    // And from the ZIP field straight to the button, the lookup fills the empty city.
    await user.clear(screen.getByLabelText(/^City/));
    await user.click(screen.getByLabelText('ZIP code'));
    await user.click(screen.getByLabelText('Street address'));
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Columbia'));
  });
});
