import { describe, expect, it } from 'vitest';
import { BRAND_IMAGE_MAX_BYTES, brandImageProblem } from './brand-image-rules';

describe('brandImageProblem', () => {
  it('accepts PNG and JPEG images up to 2 MB', () => {
    expect(brandImageProblem({ type: 'image/png', size: BRAND_IMAGE_MAX_BYTES })).toBeNull();
    expect(brandImageProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
  });

  it('refuses other types, whatever their size', () => {
    expect(brandImageProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(brandImageProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(brandImageProblem({ type: '', size: 10 })).toBe('type');
  });

  it('refuses images over 2 MB', () => {
    expect(brandImageProblem({ type: 'image/png', size: BRAND_IMAGE_MAX_BYTES + 1 })).toBe('size');
    expect(brandImageProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('size');
  });
});
