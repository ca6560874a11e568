import { act } from '@testing-library/react';
import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerSuspense, beginHydration, useBrowserValue, useHydrated } from './hydration';
import { useAnswer } from './server-state';

function Name({ answer }: { answer: Promise<string> }) {
  return <p>{useAnswer(answer)}</p>;
}

function Stage() {
  return <p>{useHydrated() ? 'hydrated' : 'prerendered'}</p>;
}

/** `page` as the build writes it, then hydrated as the browser does; what React reported meanwhile. */
async function prerenderThenHydrate(page: React.ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const html = container.innerHTML;
  const recoverable = vi.fn();
  const consoleErrors = vi.spyOn(console, 'error');
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: recoverable });
  });
  return { html, container, recoverable, consoleErrors };
}

describe('hydration of prerendered pages', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('is false in prerendered HTML and while hydrating, true in the render right after', async () => {
    const { html, container, recoverable } = await prerenderThenHydrate(<Stage />);
    expect(html).toBe('<p>prerendered</p>');
    expect(container.innerHTML).toBe('<p>hydrated</p>');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('draws the loading state in the HTML and while hydrating, then the answer, without a mismatch', async () => {
    const answer = Promise.resolve('Monstera deliciosa');
    await answer;
    const { html, container, recoverable, consoleErrors } = await prerenderThenHydrate(
      <AnswerSuspense fallback={<p>Loading plants</p>}>
        <Name answer={answer} />
      </AnswerSuspense>,
    );
    expect(html).toBe('<p>Loading plants</p>');
    expect(container.innerHTML).toBe('<p>Monstera deliciosa</p>');
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleErrors).not.toHaveBeenCalled();
  });

  it("takes the browser's values after hydration in a transition, not in a synchronous render", async () => {
    // act() would run every render at once: this test watches the tasks as the browser runs them.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      let hydrated!: () => void;
      const committed = new Promise<void>((resolve) => (hydrated = resolve));
      function Account() {
        const name = useBrowserValue(
          () => () => undefined,
          () => 'Ana',
          'nobody yet',
        );
        useEffect(() => hydrated(), []);
        return <p>{name}</p>;
      }
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Account />);
      document.body.append(container);
      expect(container.innerHTML).toBe('<p>nobody yet</p>');

      beginHydration();
      startTransition(() => void hydrateRoot(container, <Account />));
      await committed;
      // A synchronous catch-up render (a store whose snapshot differs from the server's) would be
      // done by the end of this task's microtasks; the transition waits for a task of its own.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
      expect(container.innerHTML).toBe('<p>nobody yet</p>');
      await vi.waitFor(() => expect(container.innerHTML).toBe('<p>Ana</p>'));
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('renders each hydrated component twice: as the HTML drew it, then once as the browser has it', async () => {
    const renders: boolean[][] = [[], []];
    function Stage({ id }: { id: number }) {
      const hydrated = useHydrated();
      renders[id]!.push(hydrated);
      return <p>{String(hydrated)}</p>;
    }
    const page = (
      <>
        <Stage id={0} />
        <Stage id={1} />
      </>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    renders.forEach((list) => list.splice(0));

    beginHydration();
    await act(async () => {
      startTransition(() => void hydrateRoot(container, page));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(container.innerHTML).toBe('<p>true</p><p>true</p>');
    // No third render: nothing changed under a component whose effects came after the first's.
    expect(renders).toEqual([
      [false, true],
      [false, true],
    ]);
  });
});
