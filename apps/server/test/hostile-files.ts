/**
 * Hostile files, made on the spot: Word files that unpack to far more than they weigh (by size, by count
 * of elements, by nesting) and PDF files that claim too many pages, loop their page tree, nest without
 * end, hide a stream that inflates to hundreds of megabytes, or point their cross-reference table at
 * nothing. Each is a well-formed container around the attack, so that it passes the upload's checks by
 * content and reaches the reader.
 *
 * The zip is written here rather than with a zip library: its one entry of hundreds of megabytes streams
 * through zlib's C deflate in a second, and nothing else here needs more than the container's few headers.
 */
import { crc32, createDeflate, createDeflateRaw, deflateSync } from 'node:zlib';

interface ZipEntry {
  name: string;
  /** The entry's content, as repeated pieces (so that hundreds of megabytes are never held). */
  pieces: () => Iterable<string>;
}

/** The pieces deflated: raw, as a zip holds them, or with zlib's header, as a PDF's FlateDecode wants. */
async function deflated(
  pieces: Iterable<string>,
  format: 'raw' | 'zlib' = 'raw',
): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const bytes = Buffer.from(piece);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip of DEFLATE entries, sizes in the local headers (no data descriptors), no zip64. */
async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { data, crc, size } = await deflated(entry.pieces());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function* repeat(piece: string, times: number): Iterable<string> {
  const block = piece.repeat(Math.max(1, Math.floor(65536 / piece.length)));
  const perBlock = Math.max(1, Math.floor(65536 / piece.length));
  let left = times;
  while (left >= perBlock) {
    yield block;
    left -= perBlock;
  }
  if (left > 0) yield piece.repeat(left);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A Word file whose body is `body` (pieces of XML between <w:body> and </w:body>). */
export function docx(body: () => Iterable<string>): Promise<Buffer> {
  return zip([
    {
      name: '[Content_Types].xml',
      pieces: () => [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
    },
    {
      name: '_rels/.rels',
      pieces: () => [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ],
    },
    {
      name: 'word/document.xml',
      pieces: function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>`;
        yield* body();
        yield '</w:body></w:document>';
      },
    },
  ]);
}

const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** Each hostile file with what it does. */
export const hostileDocx = {
  /** About 600 KB that unpack to 200 MB of tiny paragraphs. */
  bySize: () => docx(() => repeat('<w:p/>', (200 * 1024 * 1024) / 6)),
  /** Twelve megabytes of XML, under the size limit, in two million elements. */
  byCount: () => docx(() => repeat('<w:p/>', 2_000_000)),
  /** Elements nested 20,000 deep. */
  byNesting: () =>
    docx(function* () {
      yield* repeat('<w:sdt><w:sdtContent>', 10_000);
      yield paragraph('深处');
      yield* repeat('</w:sdtContent></w:sdt>', 10_000);
    }),
  /** An honest document, to read after the others: the reader must still work. */
  honest: () => docx(() => [paragraph('第一段：季度总结'), paragraph('第二段')]),
};

/** A PDF from its objects (1-based, in order), with a correct cross-reference table unless told otherwise. */
function pdf(objects: (string | Buffer)[], options: { brokenXref?: boolean } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const head = Buffer.from(`${index + 1} 0 obj\n`);
    const content = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
    const tail = Buffer.from('\nendobj\n');
    parts.push(head, content, tail);
    length += head.length + content.length + tail.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  for (const offset of offsets)
    xref.push(`${String(options.brokenXref ? 999_999_999 - offset : offset).padStart(10, '0')} 00000 n \n`);
  parts.push(
    Buffer.from(
      `${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const content = (text: string) => {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
};

/** One page with `text`: objects 1 catalog, 2 pages, 3 page, 4 font, 5 content. */
const onePage = (text: string, pagesExtra = '') => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  `<< /Type /Pages /Kids [3 0 R] /Count 1 ${pagesExtra}>>`,
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  FONT,
  content(text),
];

export const hostilePdf = {
  /** 100,000 real pages. */
  pages: () => {
    const count = 100_000;
    const kids = Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(' ');
    const objects: string[] = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
      FONT,
      content('page'),
    ];
    for (let i = 0; i < count; i++)
      objects.push(
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
      );
    return pdf(objects);
  },
  /** One page whose content stream, 300 KB on disk, inflates to 300 MB. */
  stream: async () => {
    const { data } = await deflated(
      repeat('BT /F1 12 Tf 72 720 Td (bomb) Tj ET\n', (300 * 1024 * 1024) / 36),
      'zlib',
    );
    const stream = Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
      data,
      Buffer.from('\nendstream'),
    ]);
    const objects: (string | Buffer)[] = onePage('x');
    objects[4] = stream;
    return pdf(objects);
  },
  /** A page tree whose kid is its own parent. */
  loop: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 5 >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R] /Count 5 >>',
    ]),
  /** An array nested 100,000 deep in the page's dictionary. */
  nesting: () => {
    const objects = onePage('deep');
    objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Deep ${'['.repeat(100_000)}${']'.repeat(100_000)} /Contents 5 0 R >>`;
    return pdf(objects);
  },
  /** Every cross-reference offset points past the end of the file. */
  xref: () => pdf(onePage('xref'), { brokenXref: true }),
  /** An honest one-page PDF, to read after the others. */
  honest: () => pdf(onePage('Quarterly report')),
};

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/** A PNG of `side` × `side` RGB pixels, all zero: a few hundred KB that decode to side² × 3 bytes. */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(side * (1 + side * 3)), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const lexdocOf = (children: unknown[]) => ({
  format: 'lexdoc',
  version: 2,
  content: { root: { type: 'root', children } },
});

/** Export bodies (POST /api/exports/transient) that cost the most a body within the contract may. */
export const hostileExports = {
  /** Four PNGs of about 12,000 × 12,000 and 410 KB each, to PDF: 1.7 GB of pixels before the picture limits. */
  pngBombs: () => ({
    format: 'pdf',
    lexdoc: lexdocOf([
      {
        type: 'paragraph',
        children: [0, 1, 2, 3].map((i) => ({
          type: 'image',
          src: `data:image/png;base64,${pngBomb(12_000 - i).toString('base64')}`,
          altText: `${i}`,
        })),
      },
    ]),
  }),
  /** A table of 2,800 rows of 50 empty cells (just under 5 MB), to DOCX: the costliest lexdoc measured. */
  cells: () => ({
    format: 'docx',
    lexdoc: lexdocOf([
      {
        type: 'table',
        children: Array.from({ length: 2800 }, () => ({
          type: 'tablerow',
          children: Array.from({ length: 50 }, () => ({ type: 'tablecell', children: [] })),
        })),
      },
    ]),
  }),
  /** HTML of 20,000 elements (the most allowed: a list of 19,999 items), to Markdown. */
  htmlItems: () => ({ format: 'md', html: `<ul>${'<li>项</li>'.repeat(19_999)}</ul>` }),
  /** HTML of 250,000 paragraphs in 5 MB: refused by its element count. */
  htmlFlood: () => ({ format: 'md', html: '<p>段落</p>'.repeat(250_000) }),
};
