import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLayoutStore } from '../layout-store';

/**
 * Applies the colour scheme from `useLayoutStore` to Mantine. Render it once inside
 * MantineProvider, also on pages without the app shell.
 */
export function ColorSchemeSync() {
  const colorScheme = useLayoutStore((state) => state.colorScheme);
  const { setColorScheme } = useMantineColorScheme();
  const setRef = useRef(setColorScheme);
  useEffect(() => {
    setRef.current = setColorScheme;
  });
  useEffect(() => {
    setRef.current(colorScheme);
  }, [colorScheme]);
  return null;
}
