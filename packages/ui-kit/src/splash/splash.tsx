import { Center, Image, Loader, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export type SplashProps = {
  /** Shown above the spinner once known (e.g. a cached tenant logo); omitted on first load. */
  logo?: string;
};

/** Full-screen spinner shown until the tenant information has loaded. */
export function Splash({ logo }: SplashProps) {
  const { t } = useLingui();
  return (
    <Center h="100dvh" w="100%" role="status" aria-busy="true" aria-live="polite" aria-label={t`Loading`}>
      <Stack align="center" gap="lg">
        {logo ? <Image src={logo} alt="" h={48} w="auto" fit="contain" /> : null}
        <Loader size="lg" aria-hidden="true" />
      </Stack>
    </Center>
  );
}
