// Smallest bytes the servers' image sniffing takes for a PNG or a JPEG, padded to `size`.
export const png = (size = 64, fill = 0) => {
  const bytes = Buffer.alloc(size, fill);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

export const jpeg = (size = 64, fill = 0) => {
  const bytes = Buffer.alloc(size, fill);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
  return bytes;
};
