import { act, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render-route';
import {
  announceUpdatedAnswer,
  answerPath,
  listenForUpdatedAnswers,
  markPaged,
  refresh,
  serverData,
  settle,
  useAnswer,
  type Answer,
  type Settled,
} from './server-state';
import { changed, useChanges, useRefreshing } from './server-changes';

describe('answerPath', () => {
  it("names an answer by its path and query, in one order, without the worker's key for a user's copy", () => {
    expect(answerPath(`${window.location.origin}/mango?sort=plantName&email=me%40example.test&__as=user`)).toBe(
      '/mango?email=me%40example.test&sort=plantName',
    );
    expect(answerPath('/mango?email=me@example.test&sort=plantName')).toBe(
      '/mango?email=me%40example.test&sort=plantName',
    );
    expect(answerPath('/mango/abc/events')).toBe('/mango/abc/events');
  });
});

/** A server whose answers the test sets, counting the requests for each path. */
function fakeServer(answers: Record<string, string | Error>) {
  const asked: string[] = [];
  let held: Promise<void> | undefined;
  /** Holds the answers until the function returned is called. */
  const hold = () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    return release;
  };
  const get = vi.fn(async (path: string) => {
    asked.push(path);
    await held;
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    return answer ?? `no answer for ${path}`;
  });
  return { answers, asked, get, hold };
}

interface PageData {
  plant: Answer<Settled<string>>;
  history: Answer<Settled<string>>;
}

function Shown({ answer, name }: { answer: Answer<Settled<string>>; name: string }) {
  const settled = useAnswer(answer);
  return <p>{`${name}: ${settled.ok ? settled.data : `failed (${(settled.error as Error).message})`}`}</p>;
}

function Page() {
  const { plant, history } = useLoaderData() as PageData;
  const refreshing = useRefreshing();
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <Shown name="plant" answer={plant} />
      <Shown name="history" answer={history} />
      <p>{refreshing ? 'reading again' : 'at rest'}</p>
    </Suspense>
  );
}

let pages = 0;

/**
 * A page showing two answers, '/mango/<id>' and '/mango/<id>/events' (the plant's and the
 * history's); `held`: the server holds them until `release`. Each test has a page of its own, with paths of its own: the worker's
 * quiet rule counts per path.
 */
function renderPage(plant: string | Error, history: string | Error, { held = false } = {}) {
  const id = `p${(pages += 1)}`;
  const paths = { plant: `/mango/${id}`, history: `/mango/${id}/events` };
  const server = fakeServer({ [paths.plant]: plant, [paths.history]: history });
  const release = held ? server.hold() : () => {};
  const data = serverData(({ read }): PageData => ({
    plant: settle(read(paths.plant, () => server.get(paths.plant))),
    history: settle(read(paths.history, () => server.get(paths.history))),
  }));
  renderRoutes([{ path: '/plant', ...data, Component: Page }], '/plant');
  const answer = (which: keyof typeof paths, next: string | Error) => (server.answers[paths[which]] = next);
  return { server, paths, answer, release };
}

/** The worker's word, as workbox-broadcast-update names it, about the kept answer to `path`. */
const workerSays = (path: string) => act(() => announceUpdatedAnswer(`${window.location.origin}${path}?__as=user`));

describe('the server-state model', () => {
  it('draws a page with its loading state, then its answers', async () => {
    const { server, paths, release } = renderPage('Fern', 'watered', { held: true });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('plant: Fern')).toBeInTheDocument();
    expect(screen.getByText('history: watered')).toBeInTheDocument();
    expect(server.asked).toEqual([paths.plant, paths.history]);
  });

  it("reads again, on the worker's word, only the answer that changed, without a loading state", async () => {
    const { server, paths, answer } = renderPage('Fern', 'watered');
    await screen.findByText('history: watered');
    answer('history', 'watered twice');
    answer('plant', 'Fern (renamed)');
    workerSays(paths.history);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(await screen.findByText('history: watered twice')).toBeInTheDocument();
    // The plant's answer was not said to have changed: it is taken as it was, not asked for.
    expect(screen.getByText('plant: Fern')).toBeInTheDocument();
    expect(server.asked).toEqual([paths.plant, paths.history, paths.history]);

    // A path no route shows reads nothing.
    workerSays('/mango/other');
    await act(() => Promise.resolve());
    expect(server.asked).toHaveLength(3);
  });

  it('reads a path again at most once in 10 seconds (an answer that differed on every request would loop)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { server, paths, answer } = renderPage('Fern', 'one');
      await screen.findByText('history: one');
      answer('history', 'two');
      workerSays(paths.history);
      expect(await screen.findByText('history: two')).toBeInTheDocument();
      answer('history', 'three');
      vi.setSystemTime(Date.now() + 9_000);
      workerSays(paths.history);
      await act(() => Promise.resolve());
      expect(screen.getByText('history: two')).toBeInTheDocument();
      expect(server.asked).toHaveLength(3);
      vi.setSystemTime(Date.now() + 1_001);
      workerSays(paths.history);
      expect(await screen.findByText('history: three')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves the page exactly as it was when the worker's re-read fails", async () => {
    const { server, paths, answer } = renderPage('Fern', 'watered');
    await screen.findByText('history: watered');
    const shown = document.body.innerHTML;
    answer('history', new Error('offline'));
    workerSays(paths.history);
    await waitFor(() => expect(server.asked).toHaveLength(3));
    await waitFor(() => expect(screen.getByText('at rest')).toBeInTheDocument());
    expect(document.body.innerHTML).toBe(shown);
  });

  it('says why when a re-read after a change made here fails', async () => {
    const { paths, answer } = renderPage('Fern', 'watered');
    await screen.findByText('history: watered');
    answer('history', new Error('offline'));
    await act(() => refresh([paths.history]));
    expect(screen.getByText('history: failed (offline)')).toBeInTheDocument();
    expect(screen.getByText('plant: Fern')).toBeInTheDocument();
  });

  it('leaves the first page of a list paged with Show more alone, until it is read afresh', async () => {
    const { server, paths, answer } = renderPage('Fern', 'one');
    await screen.findByText('history: one');
    markPaged(paths.history);
    answer('history', 'two');
    workerSays(paths.history);
    await act(() => Promise.resolve());
    expect(server.asked).toHaveLength(2);
    expect(screen.getByText('history: one')).toBeInTheDocument();
  });

  it("takes the worker's messages from the start, and only workbox-broadcast-update's", async () => {
    const worker = new EventTarget();
    const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    try {
      listenForUpdatedAnswers();
      const { server, paths, answer } = renderPage('Fern', 'one');
      await screen.findByText('history: one');
      answer('history', 'two');
      const post = (data: unknown) => act(() => void worker.dispatchEvent(new MessageEvent('message', { data })));
      post({ type: 'REPLAY_WATERINGS' });
      post({
        type: 'CACHE_UPDATED',
        meta: 'something-else',
        payload: { updatedURL: `${window.location.origin}${paths.history}` },
      });
      await act(() => Promise.resolve());
      expect(server.asked).toHaveLength(2);
      post({
        type: 'CACHE_UPDATED',
        meta: 'workbox-broadcast-update',
        payload: { cacheName: 'mango-user-answers', updatedURL: `${window.location.origin}${paths.history}?__as=user` },
      });
      expect(await screen.findByText('history: two')).toBeInTheDocument();
    } finally {
      if (original) Object.defineProperty(navigator, 'serviceWorker', original);
    }
  });
});

interface Item {
  _id: string;
  name: string;
}

const item = (_id: string, name: string): Item => ({ _id, name });

function Items({ answer }: { answer: Answer<Settled<Item[]>> }) {
  const settled = useAnswer(answer);
  const overlay = useChanges();
  const items = settled.ok ? overlay(settled.data, settled.data) : [];
  return (
    <ul>
      {items.map((item) => (
        <li key={item._id}>{item.name}</li>
      ))}
    </ul>
  );
}

/** A page showing a list ('/mango/<id>/items') and a count ('/mango/<id>/count'). */
function renderList() {
  const id = `l${(pages += 1)}`;
  const paths = { list: `/mango/${id}/items`, count: `/mango/${id}/count` };
  let list: Item[] = [
    { _id: `${id}-a`, name: 'Fern' },
    { _id: `${id}-b`, name: 'Basil' },
  ];
  let count = 2;
  const asked: string[] = [];
  const data = serverData(({ read }) => ({
    list: settle(read(paths.list, async () => (asked.push(paths.list), list.map((item) => ({ ...item }))))),
    count: read(paths.count, async () => (asked.push(paths.count), count)),
  }));
  function ListPage() {
    const loaded = useLoaderData() as { list: Answer<Settled<Item[]>>; count: Answer<number> };
    return (
      <Suspense fallback={<p>Loading...</p>}>
        <Items answer={loaded.list} />
        <Count answer={loaded.count} />
      </Suspense>
    );
  }
  renderRoutes([{ path: '/list', ...data, Component: ListPage }], '/list');
  const server = {
    setList: (next: Item[]) => (list = next),
    setCount: (next: number) => (count = next),
  };
  return { id, paths, asked, server };
}

function Count({ answer }: { answer: Answer<number> }) {
  return <p>{`count: ${useAnswer(answer)}`}</p>;
}

describe('changes made here', () => {
  it("shows a change's answer at once over the answers asked before it, without reading again", async () => {
    const { id, asked } = renderList();
    expect(await screen.findByText('Fern')).toBeInTheDocument();
    await act(() => changed({ answered: [item(`${id}-a`, 'Fern (watered)')], removed: [`${id}-b`] }));
    expect(screen.getByText('Fern (watered)')).toBeInTheDocument();
    expect(screen.queryByText('Basil')).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('reads again only the paths a change names, keeping its answer over the others', async () => {
    const { id, paths, asked, server } = renderList();
    await screen.findByText('count: 2');
    server.setCount(1);
    await act(() => changed({ removed: [`${id}-b`], reread: [paths.count] }));
    expect(screen.getByText('count: 1')).toBeInTheDocument();
    expect(screen.queryByText('Basil')).not.toBeInTheDocument();
    expect(asked).toEqual([paths.list, paths.count, paths.count]);
  });

  it('takes an answer asked for after a change as the server has it', async () => {
    const { id, paths, server } = renderList();
    await screen.findByText('Fern');
    await act(() => changed({ answered: [item(`${id}-a`, 'Fern (watered)')] }));
    server.setList([{ _id: `${id}-a`, name: 'Fern (renamed elsewhere)' }]);
    await act(() => refresh([paths.list]));
    expect(screen.getByText('Fern (renamed elsewhere)')).toBeInTheDocument();
    expect(screen.queryByText('Fern (watered)')).not.toBeInTheDocument();
  });

  it('reads every answer of the page on refresh(), and nothing when no path is named', async () => {
    const { paths, asked } = renderList();
    await screen.findByText('count: 2');
    await act(() => refresh([]));
    await act(() => changed({}));
    expect(asked).toHaveLength(2);
    await act(() => refresh());
    expect(asked).toEqual([paths.list, paths.count, paths.list, paths.count]);
  });
});
