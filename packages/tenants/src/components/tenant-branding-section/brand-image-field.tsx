import { Button, Center, FileButton, Fieldset, Group, Image, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { isApiError } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import { useDeleteBrandImage } from '../../api/tenants/delete-brand-image';
import { useUploadBrandImage, type BrandImageSlot } from '../../api/tenants/upload-brand-image';
import { BRAND_IMAGE_TYPES, brandImageProblem } from '../../utils/brand-image-rules';
import { problemText } from '@portal/forms';

/** The brand's image slots with their names, in the order the section shows them. */
export const BRAND_IMAGE_SLOTS: ReadonlyArray<readonly [BrandImageSlot, MessageDescriptor]> = [
  ['logoDark', msg`Black logo`],
  ['logoWhite', msg`White logo`],
  ['favicon', msg`Favicon`],
  ['portalBackground', msg`Portal background`],
  ['landingBackground', msg`Landing page background`],
];

const imageMessages = {
  type: msg`Choose a PNG or JPEG image`,
  size: msg`This image exceeds maximum upload size of 2 MB`,
};

/** The server's refusals of an image, worded like the same checks made before the upload. */
function uploadErrorMessage(error: unknown): MessageDescriptor | null {
  if (!isApiError(error)) return null;
  if (error.status === 413 || error.code === 'file_too_large') return imageMessages.size;
  if (error.status === 415 || error.code === 'invalid_image') return imageMessages.type;
  return null;
}

export type BrandImageFieldProps = {
  tenantId: string;
  slot: BrandImageSlot;
  label: string;
  /** The stored image's URL, or null while the portal's default is used. */
  url: string | null;
  canUpdate: boolean;
  canDelete: boolean;
};

/** One brand image: the current one, and buttons to replace it (PNG or JPEG, at most 2 MB) or remove it. */
export function BrandImageField({ tenantId, slot, label, url, canUpdate, canDelete }: BrandImageFieldProps) {
  const { t, i18n } = useLingui();
  const upload = useUploadBrandImage(tenantId);
  const remove = useDeleteBrandImage(tenantId);
  const [error, setError] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    // Clears the input so that choosing the same file again is seen as a new choice.
    resetFile.current?.();
    if (!file) return;
    const problem = brandImageProblem(file);
    if (problem) {
      setError(i18n._(imageMessages[problem]));
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync({ slot, image: file });
      notify.success(t`Image uploaded successfully`);
    } catch (failure) {
      const message = uploadErrorMessage(failure);
      setError(message ? i18n._(message) : problemText(failure, i18n));
    }
  };

  const removeImage = () => {
    setError(null);
    remove.mutate({ slot }, {
      onSuccess: () => notify.success(t`Image removed successfully`),
    });
  };

  return (
    <Fieldset legend={label}>
      <Stack gap="xs">
        {/* A white logo is meant for dark backgrounds: preview it on one. */}
        <Center h={96} bg={slot === 'logoWhite' ? 'dark.6' : 'gray.1'} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          {url ? (
            <Image src={url} alt={label} mah={80} maw="100%" w="auto" fit="contain" />
          ) : (
            <Text size="sm" c={slot === 'logoWhite' ? 'gray.4' : 'dimmed'}>
              <Trans>No image</Trans>
            </Text>
          )}
        </Center>
        {canUpdate || (canDelete && url) ? (
          <Group gap="xs">
            {canUpdate ? (
              <FileButton onChange={(file) => void choose(file)} accept={BRAND_IMAGE_TYPES.join(',')} resetRef={resetFile}>
                {(props) => (
                  <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} aria-hidden="true" />} loading={upload.isPending}>
                    <Trans>Upload</Trans>
                  </Button>
                )}
              </FileButton>
            ) : null}
            {canDelete && url ? (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} loading={remove.isPending} onClick={removeImage}>
                <Trans>Remove</Trans>
              </Button>
            ) : null}
          </Group>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
