import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './config-screen.stories';

const { KafkaUnused, KafkaUnusedFrench, KafkaUnusedArabic, KafkaUnusedUzbek } = composeStories(stories);

describe('ConfigScreen', () => {
  it.each([
    ['en', KafkaUnused],
    ['fr', KafkaUnusedFrench],
    ['ar', KafkaUnusedArabic],
    ['uz', KafkaUnusedUzbek],
  ])('says on the Kafka screen that the portal does not use it (%s)', async (_language, story) => {
    await playStory(story);
  });
});
