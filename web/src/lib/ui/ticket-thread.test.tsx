// @vitest-environment happy-dom
import type { TroubleTicketPage } from '@strand/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { TicketReport, TicketThread } from './ticket-thread';

const UPDATES: TroubleTicketPage['updates'] = [
  {
    UpdateID: 1,
    author: 'staff',
    authorName: 'Sam Sales',
    body: 'We are sending a technician.',
    status: 'Waiting on customer',
    createdAt: '2026-11-20T15:00:00.000Z',
  },
  {
    UpdateID: 2,
    author: 'customer',
    authorName: null,
    body: 'Thanks,\nany time after 2 pm.',
    status: null,
    createdAt: '2026-11-20T16:30:00.000Z',
  },
];

const items = (label: string) => within(screen.getByRole('list', { name: label })).getAllByRole('listitem');

describe('the ticket thread', () => {
  it('lists each message in order with its author as the customer reads it, the status it set and its text', () => {
    renderApp(<TicketThread updates={UPDATES} reader="customer" label="Updates" empty="None" />, { claims: {} });
    const [answer, reply] = items('Updates');
    expect(answer).toHaveTextContent('Support');
    expect(answer).not.toHaveTextContent('Sam Sales');
    expect(answer).toHaveTextContent('Status set to Waiting on customer');
    expect(answer).toHaveTextContent('We are sending a technician.');
    expect(reply).toHaveTextContent('You');
    expect(reply).toHaveTextContent('Nov 20, 2026');
    expect(reply).not.toHaveTextContent('Status set to');
  });

  it('names the support member and the customer for staff', () => {
    renderApp(<TicketThread updates={UPDATES} reader="staff" label="Timeline" empty="None" />, { claims: {} });
    const [answer, reply] = items('Timeline');
    expect(answer).toHaveTextContent('Support (Sam Sales)');
    expect(reply).toHaveTextContent('Customer');
  });

  it('says so when there is no message yet', () => {
    renderApp(<TicketThread updates={[]} reader="customer" label="Updates" empty="No updates yet." />, { claims: {} });
    expect(screen.getByText('No updates yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('the ticket report', () => {
  const TICKET: TroubleTicketPage = {
    TicketID: 7,
    ServiceLocationID: 1,
    category: 'No service',
    subject: 'Internet down',
    description: 'Nothing since\nthe storm.',
    status: 'Open',
    contactPhone: '6155550142',
    createdAt: '2026-11-20T15:00:00.000Z',
    createdBy: 'Rita Ruiz',
    fullAddress: '12 Oak St, Springfield',
    responseHours: 4,
    updates: [],
  };

  it('shows what was reported under the reader’s heading, with the call-back number and the note', () => {
    renderApp(<TicketReport ticket={TICKET} heading="What you reported" level={3} note={<p>Promised.</p>} />, {
      claims: {},
    });
    const card = screen.getByRole('article', { name: 'What you reported' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('What you reported');
    expect(card).toHaveTextContent('No service · 12 Oak St, Springfield · Nov 20, 2026');
    expect(card).toHaveTextContent('by Rita Ruiz · call back at (615)555-0142');
    expect(card).toHaveTextContent('Promised.');
    expect(card).toHaveTextContent('Nothing since the storm.');
  });

  it('leaves out who and the call-back number when the ticket has none', () => {
    renderApp(
      <TicketReport ticket={{ ...TICKET, createdBy: null, contactPhone: null }} heading="Reported" level={2} />,
      { claims: {} },
    );
    const card = screen.getByRole('article', { name: 'Reported' });
    expect(card).not.toHaveTextContent(' by ');
    expect(card).not.toHaveTextContent('call back');
  });
});
