import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { userKeys } from './keys';
import { refreshUserLists } from './refresh-user-lists';

describe('refreshUserLists', () => {
  it('answers a list whose first fetch began before the write with a read after it', async () => {
    const client = new QueryClient();
    let stored = ['ada@acme.test'];
    const queryFn = vi.fn(async () => {
      const read = [...stored]; // what the server read when the request arrived
      await new Promise((resolve) => setTimeout(resolve, 30));
      return read;
    });
    const observer = new QueryObserver(client, { queryKey: userKeys.list({ q: 'ada' }), queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    stored = []; // the user is deleted while that first read is on its way
    await refreshUserLists(client);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([]));
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
    client.clear();
  });
});
