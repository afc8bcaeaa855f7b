import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { recordFigure } from '../test/reliability-figures.js';
import { listFiles, makeImage } from '../test/images.js';
import { imagePart, productForm, type FormPart } from '../test/multipart.js';
import { buildTestShop, createUser, type TestShop, type TestUser } from '../test/test-app.js';

// Every abusive upload in one table, so the reliability report names each case. Ordinary image
// handling (formats, thumbnails, a bad file in a good batch, updates, serving) is tested in
// src/modules/products/product-images.test.ts.

const FIELDS = {
  name: 'Abuse desk',
  description: 'Uploaded by an attacker',
  price: '1000',
  category: 'office',
};
const MB = 1024 * 1024;
const STORED_URL = /^\/uploads\/products\/[0-9a-f]{32}\.(jpg|png|webp|avif|gif)$/;

let base: TestShop;
let app: App;
let admin: TestUser;
/** A folder of this file's own: the shop's data folder inside it, so everything written is ours to see. */
let sandbox: string;
let productsDir: string;

beforeAll(async () => {
  base = await buildTestShop();
  sandbox = await mkdtemp(path.join(os.tmpdir(), 'shop-upload-abuse-'));
  const dataDir = path.join(sandbox, 'data');
  const uploadsDir = path.join(dataDir, 'uploads');
  productsDir = path.join(uploadsDir, 'products');
  app = await buildApp({
    config: { ...base.config, dataDir, uploadsDir },
    database: base.database,
    logger: false,
  });
  await app.ready();
  admin = await createUser(base, 'admin');
});
afterAll(async () => {
  await app.close();
  await base.close();
  await rm(sandbox, { recursive: true, force: true });
});

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A 20000 × 20000 single-colour PNG (400 megapixels, 1.2 GB once decoded) that is 50 KB on the wire:
 * black-and-white, one bit a pixel, every row the same.
 */
function decompressionBomb(): Buffer {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-file ZIP archive (stored, not compressed), as a JAR or an Office file would be. */
function zipArchive(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const fields = (size: number, values: [number, number][]) => {
    const buffer = Buffer.alloc(size);
    for (const [offset, value] of values) buffer.writeUInt32LE(value >>> 0, offset);
    return buffer;
  };
  const local = fields(30, [
    [0, 0x04034b50],
    [14, crc32(data)],
    [18, data.length],
    [22, data.length],
    [26, fileName.length],
  ]);
  const central = fields(46, [
    [0, 0x02014b50],
    [16, crc32(data)],
    [20, data.length],
    [24, data.length],
    [28, fileName.length],
  ]);
  const centralOffset = local.length + fileName.length + data.length;
  const end = fields(22, [
    [0, 0x06054b50],
    [8, 0x00010001],
    [12, central.length + fileName.length],
    [16, centralOffset],
  ]);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/**
 * A 1 × 1 GIF that is also JavaScript: `GIF89a/*` opens a comment that the bytes after the GIF
 * trailer close, leaving `GIF89a = alert(1)`. Served as a script from the shop's own origin, it
 * would pass a `script-src 'self'` policy.
 */
function gifScriptPolyglot(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'), // the screen width's two bytes are `/*`
    Buffer.from([0x0a, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
    Buffer.from('*/=alert(1)//;', 'latin1'),
  ]);
}

const HTML_PAYLOAD = '<html><body><script>alert(document.domain)</script></body></html>';

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

const PATH_NAMES = ['../../../evil.png', '..\\..\\evil.png', '/tmp/evil.png', 'thumbs/../../evil.png'];

interface AbuseCase {
  name: string;
  files(): Promise<FormPart[]>;
  /** The refusal expected; without it the upload may be refused or stored as a clean image. */
  refused?: { status: number; code: string };
  /** Bytes of the attack that must not survive in any stored file. */
  payload?: string;
}

const UNSUPPORTED = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };

const CASES: AbuseCase[] = [
  {
    name: 'text file named photo.png',
    files: async () => [
      imagePart(
        Buffer.from('not an image, just text pretending to be one\n'.repeat(20)),
        'photo.png',
        'image/png',
      ),
    ],
    refused: UNSUPPORTED,
  },
  {
    name: 'HTML page sent as image/png',
    files: async () => [imagePart(Buffer.from(HTML_PAYLOAD.repeat(4)), 'photo.png', 'image/png')],
    refused: UNSUPPORTED,
  },
  {
    name: 'SVG with a script',
    files: async () => [imagePart(SVG_WITH_SCRIPT, 'chair.svg', 'image/svg+xml')],
    refused: UNSUPPORTED,
  },
  {
    name: 'SVG with a script named chair.png',
    files: async () => [imagePart(SVG_WITH_SCRIPT, 'chair.png', 'image/png')],
    refused: UNSUPPORTED,
  },
  {
    name: 'image signature with broken content',
    files: async () => [
      imagePart(
        Buffer.concat([(await makeImage('png')).subarray(0, 16), Buffer.alloc(200, 7)]),
        'broken.png',
        'image/png',
      ),
    ],
    refused: UNSUPPORTED,
  },
  {
    name: '11 MB file',
    files: async () => {
      const png = await makeImage('png');
      return [
        imagePart(Buffer.concat([png, Buffer.alloc(11 * MB - png.length, 1)]), 'huge.png', 'image/png'),
      ];
    },
    refused: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  },
  {
    name: '11 files in one request',
    files: async () => {
      const png = await makeImage('png');
      return Array.from({ length: 11 }, (_, index) => imagePart(png, `p${index}.png`, 'image/png'));
    },
    refused: { status: 413, code: 'TOO_MANY_FILES' },
  },
  {
    name: `PNGs named ${PATH_NAMES.join(' ')}`,
    files: async () => {
      const png = await makeImage('png');
      return PATH_NAMES.map((name) => imagePart(png, name, 'image/png'));
    },
  },
  {
    name: 'PNG with an HTML page appended',
    files: async () => [
      imagePart(Buffer.concat([await makeImage('png'), Buffer.from(HTML_PAYLOAD)]), 'photo.png', 'image/png'),
    ],
    payload: '<script>',
  },
  {
    name: 'PNG with a script in a text chunk',
    files: async () => {
      const png = await makeImage('png');
      const end = png.length - 12; // IEND: length, type and CRC, no data
      const comment = pngChunk('tEXt', Buffer.from(`Comment\u0000${HTML_PAYLOAD}`, 'latin1'));
      return [
        imagePart(
          Buffer.concat([png.subarray(0, end), comment, png.subarray(end)]),
          'photo.png',
          'image/png',
        ),
      ];
    },
    payload: '<script>',
  },
  {
    name: 'JPEG with a ZIP archive appended',
    files: async () => [
      imagePart(
        Buffer.concat([await makeImage('jpeg'), zipArchive('evil.html', HTML_PAYLOAD)]),
        'photo.jpg',
        'image/jpeg',
      ),
    ],
    payload: 'PK\u0003\u0004',
  },
  {
    name: 'GIF that is also JavaScript',
    files: async () => [imagePart(gifScriptPolyglot(), 'anim.gif', 'image/gif')],
    payload: 'alert(1)',
  },
  {
    name: 'PNG named ..%2f..%2fevil.png',
    files: async () => [imagePart(await makeImage('png'), '..%2f..%2fevil.png', 'image/png')],
  },
  {
    name: 'PNG with a NUL in its name',
    files: async () => [imagePart(await makeImage('png'), 'evil.png\u0000.html', 'image/png')],
  },
  {
    name: 'PNG named and typed as an HTML page',
    files: async () => [imagePart(await makeImage('png'), 'index.html', 'text/html')],
  },
  {
    name: 'zero-byte photo.png',
    files: async () => [imagePart(Buffer.alloc(0), 'photo.png', 'image/png')],
  },
  {
    name: '20000×20000 decompression bomb',
    files: async () => [imagePart(decompressionBomb(), 'bomb.png', 'image/png')],
  },
];

/** Where a shopper-chosen name would land if it were taken as a path. */
const escapeTargets = () =>
  ['evil.png', 'evil', 'evil.html'].flatMap((name) => [
    path.resolve(productsDir, '..', '..', name),
    path.resolve(productsDir, '..', '..', '..', name),
    path.join(os.tmpdir(), name),
  ]);

describe('upload abuse', () => {
  it('refuses every abusive upload with a 4xx, or stores a clean image under a random name', async () => {
    const outcomes: string[] = [];
    const failures: string[] = [];
    let outsideUploads = 0;
    for (const abuse of CASES) {
      const before = await listFiles(sandbox);
      const form = productForm(FIELDS, await abuse.files());
      const response = await app.inject({
        method: 'POST',
        url: '/api/products',
        payload: form.payload,
        headers: { ...admin.headers, ...form.headers },
      });
      const added = (await listFiles(sandbox)).filter((file) => !before.includes(file));
      const outside = added.filter(
        (file) => !file.startsWith(path.join('data', 'uploads', 'products') + path.sep),
      );
      outsideUploads += outside.length;
      if (outside.length > 0) failures.push(`${abuse.name}: wrote ${outside.join(', ')}`);

      if (response.statusCode >= 400 && response.statusCode < 500) {
        if (added.length > 0) failures.push(`${abuse.name}: refused, yet wrote ${added.join(', ')}`);
        const { code } = response.json() as { code: string };
        if (abuse.refused && (abuse.refused.status !== response.statusCode || abuse.refused.code !== code))
          failures.push(
            `${abuse.name}: ${response.statusCode} ${code}, expected ${abuse.refused.status} ${abuse.refused.code}`,
          );
        outcomes.push(`${abuse.name} → ${response.statusCode}`);
        continue;
      }
      if (abuse.refused) {
        failures.push(`${abuse.name}: ${response.statusCode}, expected ${abuse.refused.status}`);
        continue;
      }
      if (response.statusCode !== 201) {
        failures.push(`${abuse.name}: ${response.statusCode} ${response.body}`);
        continue;
      }
      const urls = response.json().productImages as string[];
      // Each picture: its original and thumbnail, plus sized copies named by their content.
      const copies = added.filter((file) => file.includes(`${path.sep}v${path.sep}`));
      if (added.length - copies.length !== urls.length * 2)
        failures.push(
          `${abuse.name}: ${urls.length} images, yet ${added.length - copies.length} files written`,
        );
      const oddCopies = copies.filter((file) => !/[\\/][0-9a-f]{24}\.(avif|webp)$/.test(file));
      if (oddCopies.length > 0) failures.push(`${abuse.name}: copies named ${oddCopies.join(', ')}`);
      for (const url of urls) {
        if (!STORED_URL.test(url)) failures.push(`${abuse.name}: stored as ${url}`);
        const stored = await readFile(path.join(productsDir, path.basename(url)));
        const format = await sharp(stored)
          .metadata()
          .then((metadata) => metadata.format)
          .catch(() => 'unreadable');
        if (!['jpeg', 'png', 'webp', 'heif', 'gif'].includes(format))
          failures.push(`${abuse.name}: stored ${format}`);
        if (abuse.payload && stored.includes(abuse.payload))
          failures.push(`${abuse.name}: the stored file still holds ${JSON.stringify(abuse.payload)}`);
        const served = await app.inject({ method: 'GET', url });
        if (
          !/^image\//.test(String(served.headers['content-type'])) ||
          served.headers['x-content-type-options'] !== 'nosniff'
        )
          failures.push(`${abuse.name}: served as ${served.headers['content-type']}`);
      }
      outcomes.push(`${abuse.name} → ${urls.length === 0 ? 'skipped' : 'clean image, random name'}`);
    }
    for (const target of escapeTargets()) if (existsSync(target)) failures.push(`written: ${target}`);

    expect(failures).toEqual([]);
    recordFigure({
      test: 'upload abuse',
      figure: `${CASES.length} cases refused or neutralised (${outcomes.join('; ')}), ${outsideUploads} files outside the uploads folder`,
      ok: true,
    });
  });
});
