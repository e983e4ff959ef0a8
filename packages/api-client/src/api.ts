// The portal configures one client at start-up (with its 401 handler); feature query hooks take
// it from here, and tests swap in a client pointed at a real test server.
import { createApiClient, type ApiClient, type ApiClientOptions } from './client.ts';

let current: ApiClient | undefined;

export function configureApi(options: ApiClientOptions): ApiClient {
  current = createApiClient(options);
  return current;
}

export function api(): ApiClient {
  current ??= createApiClient();
  return current;
}
