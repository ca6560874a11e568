import type { Duty } from '@model/duty';
import type { Household, OpenInvite } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MESSAGE } from '@/features/households/components/invite-maker';
import { ApiError, apiFetch, type ApiRequest } from '@/lib/api-client';
import { currentUser, useAuth } from '@/lib/auth';
import { confirmDialog } from '@/lib/dialogs';
import { formatLongDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { renderRoutes } from '@/test/render-route';
import * as route from './household';

vi.mock('@/lib/api-client');
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));
vi.mock('@/lib/toast');

const me = { uid: 'u1', email: 'me@example.test', displayName: 'Me', photoURL: null };
const INVITE_URL = `http://localhost/join/${'t'.repeat(43)}`;

const ownersHousehold = (name: string): Household => ({
  _id: 'h1',
  name,
  role: 'owner',
  members: [{ uid: 'u1', displayName: 'Me', role: 'owner', until: null }],
});

let stored: Household | null;
let openInvites: OpenInvite[];
/** The stored rota: everyone until a test says otherwise; `sent` the bodies of the rota's changes. */
let duty: Duty;
let sent: { key: string; body: unknown }[];
const everyone = (household: Household | null): Duty => ({
  mode: 'everyone',
  rotation: household?.members.filter((m) => m.role !== 'sitter').map((m) => m.uid) ?? [],
  period: 'week',
  startsOn: '2026-06-01',
  away: [],
  today: null,
  weeks: [],
});
/** The API as far as these tests use it, over one stored household (null: none) and its open invites. */
function serve(household: Household | null, invites: OpenInvite[] = []) {
  stored = household;
  openInvites = invites;
  duty = everyone(household);
  sent = [];
  vi.mocked(apiFetch).mockImplementation((async (path: string, { method = 'GET', body }: ApiRequest = {}) => {
    const key = `${method} ${path}`;
    if (key === 'GET /mango/household/duty') return duty;
    if (key === 'PUT /mango/household/duty' || path.startsWith('/mango/household/away')) {
      sent.push({ key, body });
      return duty;
    }
    if (key === 'GET /mango/household') {
      if (!stored) throw new ApiError(404, 'not_found', 'You are in no household.');
      return { household: stored };
    }
    if (key === 'GET /mango/household/invites') return { invites: openInvites };
    if (method === 'DELETE' && path.startsWith('/mango/household/invites/')) {
      const id = decodeURIComponent(path.split('/').at(-1)!);
      if (!openInvites.some((invite) => invite._id === id))
        throw new ApiError(410, 'gone', 'This invite has already been used, so it can no longer be withdrawn.');
      openInvites = openInvites.filter((invite) => invite._id !== id);
      return { withdrawn: true };
    }
    if (key === 'POST /mango/household') {
      stored = ownersHousehold((body as { name: string }).name);
      return { household: stored };
    }
    if (key === 'POST /mango/household/invites') {
      const { role, until = null } = body as { role: 'member' | 'sitter'; until?: string };
      openInvites = [
        ...openInvites,
        { _id: `i${openInvites.length}`, role, until, expiresAt: '2030-01-08T00:00:00.000Z' },
      ];
      return { token: 't'.repeat(43), url: INVITE_URL, role, until, expiresAt: '2030-01-08T00:00:00.000Z' };
    }
    if (key === 'DELETE /mango/household/members/u1') {
      stored = null;
      return { left: true };
    }
    throw new Error(`unexpected ${key}`);
  }) as never);
}

function renderPage() {
  return renderRoutes([{ path: '/household', ...route }], '/household');
}

const calls = (key: string) =>
  vi.mocked(apiFetch).mock.calls.filter(([path, request]) => `${request?.method ?? 'GET'} ${path}` === key);

describe('the Household page', () => {
  beforeEach(() => {
    for (const mock of [apiFetch, confirmDialog, toast.success]) vi.mocked(mock).mockReset();
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: me });
    vi.mocked(currentUser).mockResolvedValue(me);
  });

  it('creates a household: checks the name, shows the server’s sentence, then the new household', async () => {
    const user = userEvent.setup({ delay: null });
    serve(null);
    renderPage();
    const name = await screen.findByLabelText('Household name');
    await user.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByText('Name is required.')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST /mango/household')).toHaveLength(0);

    const original = vi.mocked(apiFetch).getMockImplementation()!;
    vi.mocked(apiFetch).mockImplementationOnce(() =>
      Promise.reject(new ApiError(409, 'conflict', 'You already belong to a household.')),
    );
    await user.type(name, '  Green Flat ');
    await user.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already belong to a household.');

    vi.mocked(apiFetch).mockImplementation(original);
    await user.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByRole('heading', { name: 'Green Flat' })).toBeVisible();
    expect(calls('POST /mango/household').at(-1)![1]!.body).toEqual({ name: 'Green Flat' });
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('"Green Flat" is ready'));
    expect(screen.getByRole('listitem')).toHaveTextContent('Me (you)Owner');
    expect(await screen.findByText(/None\. A link you make is listed here/)).toBeVisible();
    // The household was read again after the change.
    expect(calls('GET /mango/household')).toHaveLength(2);
  });

  it('makes the owner an invite link for a sitter until a chosen day, and copies it', async () => {
    const user = userEvent.setup({ delay: null });
    serve(ownersHousehold('Green Flat'));
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Sitter' }));
    const until = screen.getByLabelText('Sitter until');
    const today = utcToday();
    expect(until).toHaveAttribute('min', today);
    expect(until).toHaveAttribute('max', addDays(today, 90));

    const day = addDays(today, 10);
    await user.clear(until);
    await user.type(until, day);
    await user.click(screen.getByRole('button', { name: 'Make invite link' }));
    const link = await screen.findByLabelText(`Invite link for a sitter until ${formatLongDate(day)}`);
    expect(link).toHaveValue(INVITE_URL);
    expect(calls('POST /mango/household/invites')[0]![1]!.body).toEqual({ role: 'sitter', until: day });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(INVITE_URL);
    expect(await screen.findByText(COPIED_MESSAGE)).toBeVisible();
    // The new invite is listed with the open ones, read again after it was made; never its link.
    const open = await screen.findByRole('list', { name: 'Open invites' });
    expect(within(open).getByRole('listitem')).toHaveTextContent(
      `For a sitter until ${formatLongDate(day)}Its link works until January 8, 2030.`,
    );
    expect(open).not.toHaveTextContent('t'.repeat(43));
  });

  it('lets the owner withdraw an open invite after confirming, and says why when it cannot', async () => {
    const user = userEvent.setup({ delay: null });
    const sitting: OpenInvite = {
      _id: 'sit',
      role: 'sitter',
      until: '2030-01-05',
      expiresAt: '2030-01-03T09:00:00.000Z',
    };
    const member: OpenInvite = { _id: 'mem', role: 'member', until: null, expiresAt: '2030-01-04T09:00:00.000Z' };
    serve(ownersHousehold('Green Flat'), [sitting, member]);
    renderPage();
    const open = await screen.findByRole('list', { name: 'Open invites' });
    const [first, second] = within(open).getAllByRole('listitem');
    expect(within(first!).getByText('For a sitter until January 5, 2030')).toBeVisible();
    expect(within(first!).getByText('Its link works until January 3, 2030.')).toBeVisible();
    expect(within(second!).getByText('For a member')).toBeVisible();
    expect(within(second!).getByText('Its link works until January 4, 2030.')).toBeVisible();
    const withdrawMember = screen.getByRole('button', {
      name: 'Withdraw the invite for a member, working until January 4, 2030',
    });

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(withdrawMember);
    expect(calls('DELETE /mango/household/invites/mem')).toHaveLength(0);

    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    await user.click(withdrawMember);
    expect(confirmDialog).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Withdraw this invite?', confirmText: 'Yes, withdraw', danger: true }),
    );
    await waitFor(() => expect(within(open).getAllByRole('listitem')).toHaveLength(1));
    expect(calls('DELETE /mango/household/invites/mem')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('The invite for a member is withdrawn. Its link no longer works.');
    expect(screen.getByRole('heading', { name: 'Open invites' })).toHaveFocus();

    // Used meanwhile: the server's sentence, and the list as it is now.
    openInvites = [];
    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: /^Withdraw the invite for a sitter/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite has already been used, so it can no longer be withdrawn.',
    );
    expect(await screen.findByText(/None\. A link you make is listed here/)).toBeVisible();
  });

  it('reads no invites for anyone but the owner', async () => {
    serve({
      _id: 'h1',
      name: 'Green Flat',
      role: 'member',
      members: [
        { uid: 'u0', displayName: 'Ana', role: 'owner', until: null },
        { uid: 'u1', displayName: 'Me', role: 'member', until: null },
      ],
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Leave household' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Open invites' })).not.toBeInTheDocument();
    expect(calls('GET /mango/household/invites')).toHaveLength(0);
  });

  it('lets a member leave after confirming, then offers to start a household', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      _id: 'h1',
      name: 'Green Flat',
      role: 'member',
      members: [
        { uid: 'u0', displayName: 'Ana', role: 'owner', until: null },
        { uid: 'u1', displayName: 'Me', role: 'member', until: null },
      ],
    });
    renderPage();
    const people = await screen.findAllByRole('listitem');
    expect(people.map((item) => within(item).getByText(/Owner|Member/).textContent)).toEqual(['Owner', 'Member']);
    expect(screen.queryByRole('button', { name: /Remove|Make invite link|Dissolve/ })).not.toBeInTheDocument();

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Leave household' }));
    expect(calls('DELETE /mango/household/members/u1')).toHaveLength(0);

    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Leave household' }));
    expect(await screen.findByRole('heading', { name: 'Start a household' })).toBeVisible();
    expect(confirmDialog).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Leave "Green Flat"?' }));
    expect(toast.success).toHaveBeenCalledWith('You left "Green Flat".');
  });

  it('shows the server’s sentence to a sitter whose time ended, and lets them start a household', async () => {
    vi.mocked(apiFetch).mockRejectedValue(
      new ApiError(403, 'forbidden', 'Your time as a sitter of this household ended on 2026-03-01.'),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your time as a sitter of this household ended on 2026-03-01.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
    // They may still start a household of their own.
    expect(screen.getByRole('button', { name: 'Create household' })).toBeVisible();
  });

  describe('the rota', () => {
    const household: Household = {
      _id: 'h1',
      name: 'Rota Flat',
      role: 'owner',
      members: [
        { uid: 'u1', displayName: 'Me', role: 'owner', until: null },
        { uid: 'u2', displayName: 'Ana', role: 'member', until: null },
        { uid: 'u3', displayName: 'Sid', role: 'sitter', until: '2030-01-01' },
      ],
    };

    it('shows whose turn it is now and next, who is away, and lets the owner change the order by keyboard', async () => {
      serve(household);
      duty = {
        mode: 'rotation',
        rotation: ['u2', 'u1'],
        period: 'week',
        startsOn: '2026-06-01',
        away: [{ uid: 'u2', from: '2026-06-03', until: '2026-06-04' }],
        today: { uid: 'u2', displayName: 'Ana' },
        weeks: [
          { from: '2026-06-01', until: '2026-06-07', uid: 'u2', displayName: 'Ana' },
          { from: '2026-06-08', until: '2026-06-14', uid: 'u1', displayName: 'Me' },
        ],
      };
      renderPage();
      const rota = await screen.findByRole('region', { name: 'Whose turn it is' });
      expect(within(rota).getByText(/Turns by the week: Ana, then Me\./)).toBeInTheDocument();
      expect(within(rota).getByText(/On duty today:/)).toHaveTextContent('On duty today: Ana.');
      expect(within(rota).getAllByRole('listitem')[1]).toHaveTextContent(/: you$/);
      expect(within(rota).getByText(/Ana is away from/)).toBeInTheDocument();

      const user = userEvent.setup();
      const form = within(rota).getByRole('form', { name: 'Change the rota' });
      // The sitter is never offered: sitters cover only while everyone in the rotation is away.
      expect(within(form).queryByRole('checkbox', { name: /Sid/ })).not.toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Move Me up' }));
      await user.click(within(form).getByRole('radio', { name: 'a day' }));
      await user.click(within(form).getByRole('button', { name: 'Save the rota' }));
      await waitFor(() =>
        expect(sent).toEqual([
          {
            key: 'PUT /mango/household/duty',
            body: { mode: 'rotation', period: 'day', startsOn: '2026-06-01', rotation: ['u1', 'u2'] },
          },
        ]),
      );
      expect(toast.success).toHaveBeenCalledWith('The rota is saved.');
    });

    it("lets a member say they are away, and shows the server's sentence when it refuses; no owner controls", async () => {
      serve({ ...household, role: 'member' });
      renderPage();
      const rota = await screen.findByRole('region', { name: 'Whose turn it is' });
      expect(within(rota).getByText(/Everyone looks after every shared plant/)).toBeInTheDocument();
      expect(within(rota).queryByRole('form', { name: 'Change the rota' })).not.toBeInTheDocument();
      const user = userEvent.setup();
      const away = within(rota).getByRole('form', { name: "I'm away" });
      const last = within(away).getByLabelText('Last day away');
      await user.clear(last);
      const back = addDays(utcToday(), 10);
      await user.type(last, back);
      await user.click(within(away).getByRole('button', { name: 'Save my dates away' }));
      await waitFor(() => expect(sent.map((s) => s.key)).toEqual(['POST /mango/household/away']));
      expect(sent[0]!.body).toEqual({ from: utcToday(), until: back });

      vi.mocked(apiFetch).mockImplementation((async (path: string, { method = 'GET' }: ApiRequest = {}) => {
        if (method === 'POST') throw new ApiError(400, 'invalid_input', 'The last day away cannot be before today.');
        if (path === '/mango/household/duty') return duty;
        return { household: { ...household, role: 'member' } };
      }) as never);
      await user.click(within(away).getByRole('button', { name: 'Save my dates away' }));
      expect(await within(rota).findByText('The last day away cannot be before today.')).toBeInTheDocument();
    });
  });
});
