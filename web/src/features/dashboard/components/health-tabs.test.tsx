import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { HealthFilter } from '../lib/health-filter';
import { HealthTabs } from './health-tabs';

function Harness() {
  const [value, setValue] = useState<HealthFilter>('all');
  return (
    <>
      <HealthTabs value={value} onChange={setValue} panelId="panel" idPrefix="t" />
      <div id="panel" role="tabpanel" aria-labelledby={`t-tab-${value}`}>
        showing {value}
      </div>
    </>
  );
}

describe('HealthTabs', () => {
  it('is a tablist whose selected tab labels the panel', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Healthy', 'Needs Care']);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Needs Care' }));
    expect(screen.getByRole('tab', { name: 'Needs Care' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Needs Care' })).toHaveTextContent('showing needs-care');
  });

  it('is one Tab stop; arrows, Home and End move and select', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Healthy' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Healthy' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Needs Care' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Needs Care' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });
});
