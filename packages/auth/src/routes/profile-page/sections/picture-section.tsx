import { Avatar, Button, FileButton, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { notify } from '@portal/ui-kit';
import { cropToSquare, isAcceptablePicture } from '../crop-to-square';
import type { Profile } from '../../../api/use-profile';
import { useDeletePicture } from '../../../api/use-delete-picture';
import { useUploadPicture } from '../../../api/use-upload-picture';
import { profileMessages } from '../profile-messages';
import { SectionCard } from './section-card';

export type PictureSectionProps = {
  profile: Profile;
  /** Shown, not editable: the user's roles do not hold `user.profile.update` (no upload or delete). */
  readOnly?: boolean;
};

export function PictureSection({ profile, readOnly = false }: PictureSectionProps) {
  const { t, i18n } = useLingui();
  const upload = useUploadPicture();
  const remove = useDeletePicture();
  const name = profile.displayName || `${profile.firstName} ${profile.lastName}`;

  const choose = async (file: File | null) => {
    if (!file) return;
    // The spec's client checks: JPG or PNG of at most 2 MB, else 'Profile Update Error'.
    if (!isAcceptablePicture(file)) {
      notify.error(i18n._(profileMessages.updateError));
      return;
    }
    try {
      await upload.mutateAsync({ image: await cropToSquare(file) });
      notify.success(i18n._(profileMessages.pictureUpdated));
    } catch {
      notify.error(i18n._(profileMessages.updateError));
    }
  };

  const deletePicture = async () => {
    try {
      await remove.mutateAsync();
      notify.success(i18n._(profileMessages.pictureDeleted));
    } catch {
      notify.error(i18n._(profileMessages.pictureDeleteError));
    }
  };

  return (
    <SectionCard title={<Trans>Profile picture</Trans>} description={<Trans>JPG or PNG, under 2 MB. It is cropped to a square.</Trans>}>
      <Group gap="lg" wrap="wrap">
        <Avatar src={profile.photoUrl} alt={profile.photoUrl ? t`Your profile picture` : ''} size={96} radius="50%" color="initials" name={name} />
        {readOnly ? null : (
          <Group gap="sm">
            <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} aria-hidden="true" />} loading={upload.isPending}>
                  <Trans>Upload picture</Trans>
                </Button>
              )}
            </FileButton>
            {profile.photoUrl ? (
              <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => void deletePicture()} loading={remove.isPending}>
                <Trans>Delete picture</Trans>
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                <Trans>No picture yet</Trans>
              </Text>
            )}
          </Group>
        )}
      </Group>
    </SectionCard>
  );
}
