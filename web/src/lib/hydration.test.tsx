import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerSuspense, useHydrated } from './hydration';
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
});
