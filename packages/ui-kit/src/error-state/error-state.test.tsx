import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it('announces the failure and runs the action', async () => {
    const onAction = vi.fn();
    const { user } = renderWithUi(<ErrorState message="Failed, Try Again..!!" actionLabel="Try again" onAction={onAction} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed, Try Again..!!');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onAction).toHaveBeenCalledOnce();
  });
});
