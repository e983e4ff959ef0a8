import { Image, Text, useComputedColorScheme, type ImageProps } from '@mantine/core';
import { getBrandLogo, type PortalBranding } from './branding';

export type BrandLogoProps = Omit<ImageProps, 'src' | 'alt'> & {
  branding: PortalBranding | null | undefined;
};

/** The tenant logo for the current colour scheme; the brand name as text when there is no logo. */
export function BrandLogo({ branding, h = 32, ...rest }: BrandLogoProps) {
  const scheme = useComputedColorScheme('light');
  const src = getBrandLogo(branding, scheme);
  const name = branding?.brandname || branding?.sname || '';
  if (!src) {
    return (
      <Text fw={700} size="lg" truncate>
        {name}
      </Text>
    );
  }
  return <Image src={src} alt={name} h={h} w="auto" fit="contain" {...rest} />;
}
