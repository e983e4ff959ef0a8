// The paths polled every few seconds by machines rather than asked by people: the liveness and
// readiness probes of load balancers and orchestrators, and the Prometheus scrape. They answer while
// the server migrates (system/lifecycle.ts) and make no trace (app/tracing.ts): a span each poll
// would bury the requests in a tracing backend.
import { metricsPath } from '../metrics.ts';
import { apiPrefix } from './openapi.ts';

export const probePaths = [`${apiPrefix}/health/live`, `${apiPrefix}/health/ready`, metricsPath];
