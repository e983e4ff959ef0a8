// Slack's Web API through its official client (@slack/web-api), pointed at the configured base URL:
// Slack itself in production, a local server in tests (SLACK_API_URL). The job queue retries sends,
// so the client's own retries are off (a failed job is retried with backoff instead).
import { WebClient, LogLevel } from '@slack/web-api';
import type { SlackConfig } from '../kernel/config.ts';

export function slackClient(config: SlackConfig, token?: string): WebClient {
  return new WebClient(token, { slackApiUrl: config.apiUrl, retryConfig: { retries: 0 }, logLevel: LogLevel.ERROR, timeout: 10_000 });
}

/** Slack's error code of a failed call (`invalid_code`, `channel_not_found` ...), or the message. */
export function slackErrorOf(error: unknown): string {
  const data = (error as { data?: { error?: unknown } }).data;
  if (data && typeof data.error === 'string') return data.error;
  return error instanceof Error ? error.message : String(error);
}
