// The portal's own OAuth clients bring their domains' rules to the authorization server: the roof
// composes them, so oauth builds on neither Slack nor the Apps screen.
import type { PlatformClientRules } from '../oauth/index.ts';
import { googleAddonConsentRules } from '../apps/index.ts';
import { slackConsentRules } from '../slack/index.ts';

export const platformClientRules: PlatformClientRules = { slack: slackConsentRules, googleAddon: googleAddonConsentRules };
