import sharp from 'sharp';

export interface FormFile {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it: the JSON request field, then the files. */
export function multipartForm(
  fields: Record<string, string>,
  files: readonly FormFile[],
  defaultFileField = 'images',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ironsight-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? defaultFileField}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Where the photos were taken: a seller's home, which must never reach a buyer. */
export const PHOTO_GPS = { latitude: 32.77916666666667, longitude: -96.8 };

/**
 * A camera-like JPEG: GPS position and camera make in its EXIF, taken sideways (orientation 6, so
 * upright it is `height` wide).
 */
export function cameraJpeg(width = 1600, height = 1200, shade = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 80, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '32/1 46/1 45/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '96/1 48/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function plainPng(width = 500, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}
