import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './schedule-meeting-screen.stories';

const { ValidationMessages, ScheduleWeekly, OptionsAndInvitees, ModeAndCoHosts, ServerFieldError, EditAllOccurrences, EditOneOccurrence, ScheduleEncrypted, PlatformRecordModes, EditEncrypted, NotFound, ArabicClock, FrenchClock, English, French, Arabic, Uzbek } = composeStories(stories);

describe('ScheduleMeetingScreen', () => {
  it('checks every field with the spec texts before sending', async () => {
    await playStory(ValidationMessages);
  });

  it('schedules a weekly meeting at its wall-clock time in its zone', async () => {
    await playStory(ScheduleWeekly);
  });

  it('sends changed option toggles and the invitees in the one create request', async () => {
    await playStory(OptionsAndInvitees);
  });

  it('fills the options from a meeting mode and sends it with the co-hosts found on the server', async () => {
    await playStory(ModeAndCoHosts);
  });

  it("shows the server's field errors on their fields", async () => {
    await playStory(ServerFieldError);
  });

  it('edits every occurrence without resending an unmoved start', async () => {
    await playStory(EditAllOccurrences);
  });

  it('edits one occurrence only', async () => {
    await playStory(EditOneOccurrence);
  });

  it('shows the full link of a new end-to-end encrypted meeting once', async () => {
    await playStory(ScheduleEncrypted);
  });

  it('does not let an encrypted meeting be given a record mode', async () => {
    await playStory(EditEncrypted);
  });

  it('offers only the record modes the platform enables', async () => {
    await playStory(PlatformRecordModes);
  });

  it('says when the meeting is not found', async () => {
    await playStory(NotFound);
  });

  it('shows the time on the language’s clock: 12 h with ص and م in Arabic, 24 h in French', async () => {
    await playStory(ArabicClock);
    await playStory(FrenchClock);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
