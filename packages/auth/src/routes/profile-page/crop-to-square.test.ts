import { cropToSquare, isAcceptablePicture, PICTURE_MAX_BYTES } from './crop-to-square';

// jsdom decodes no images and has no canvas: the bitmap and the 2D context are stand-ins that
// record what cropToSquare asks of them.
function stubImage(width: number, height: number) {
  const bitmap = { width, height, close: vi.fn() };
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => bitmap),
  );
  const drawImage = vi.fn();
  const canvas = {
    width: 0,
    height: 0,
    getContext: vi.fn(() => ({ drawImage })),
    toBlob: vi.fn((done: (blob: Blob | null) => void, type: string) => done(new Blob(['cropped'], { type }))),
  };
  const createElement = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) =>
    tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : createElement(tag, options),
  );
  return { bitmap, canvas, drawImage };
}

const photo = (type: string, size = 4) => new File([new Uint8Array(size)], 'photo', { type });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cropToSquare', () => {
  it('takes the centred square of a landscape image and scales it down to 512 px', async () => {
    const { bitmap, canvas, drawImage } = stubImage(1200, 800);
    const cropped = await cropToSquare(photo('image/jpeg'));
    // Source: 800 × 800 starting 200 px in from the left; destination: the whole 512 px canvas.
    expect(drawImage).toHaveBeenCalledWith(bitmap, 200, 0, 800, 800, 0, 0, 512, 512);
    expect(canvas).toMatchObject({ width: 512, height: 512 });
    expect(canvas.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    expect(cropped.type).toBe('image/jpeg');
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('takes the centred square of a portrait image, keeping a small one at its own size', async () => {
    const { bitmap, canvas, drawImage } = stubImage(300, 500);
    const cropped = await cropToSquare(photo('image/png'));
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 100, 300, 300, 0, 0, 300, 300);
    expect(canvas).toMatchObject({ width: 300, height: 300 });
    // A PNG stays a PNG.
    expect(cropped.type).toBe('image/png');
  });

  it('keeps all of a square image, only scaled to the output size', async () => {
    const { bitmap, canvas, drawImage } = stubImage(1024, 1024);
    await cropToSquare(photo('image/jpeg'));
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 1024, 1024, 0, 0, 512, 512);
    expect(canvas).toMatchObject({ width: 512, height: 512 });
  });

  it('sends the file as it is when the browser cannot decode it', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('undecodable', 'InvalidStateError');
      }),
    );
    const file = photo('image/png');
    expect(await cropToSquare(file)).toBe(file);
  });
});

describe('isAcceptablePicture', () => {
  it('accepts a JPG or PNG of at most 2 MB (2 097 152 bytes), as the server does, and refuses one byte more', () => {
    expect(PICTURE_MAX_BYTES).toBe(2_097_152);
    expect(isAcceptablePicture(photo('image/png', 2_097_152))).toBe(true);
    expect(isAcceptablePicture(photo('image/jpeg', 2_097_152))).toBe(true);
    expect(isAcceptablePicture(photo('image/png', 2_097_153))).toBe(false);
  });

  it('refuses other types whatever their size', () => {
    expect(isAcceptablePicture(photo('image/gif'))).toBe(false);
    expect(isAcceptablePicture(photo('image/webp'))).toBe(false);
  });
});
