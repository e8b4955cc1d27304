/**
 * Small, valid files built in code for the demo data: a one-page PDF of text lines and a PNG
 * poster. No network, no binary assets in the repository, the same bytes on every run.
 */
import { crc32, deflateSync } from 'node:zlib';

/** Text in a PDF string literal: ASCII only (the standard fonts have no Cyrillic), escaped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A one-page A4 PDF: a bold title and lines of text in Helvetica. */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const body = [
    'BT /F2 16 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    'ET',
    'BT /F1 11 Tf 16 TL 56 748 Td',
    ...lines.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

type Rgb = readonly [number, number, number];

/** An RGB PNG whose pixels come from paint(x, y). */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as unknown as Rgb;

/** A poster: a diagonal gradient between two colours with light circles and a band. */
export function posterPng(from: Rgb, to: Rgb, width = 480, height = 270): Buffer {
  const circles = [
    [0.18, 0.3, 0.16],
    [0.8, 0.72, 0.22],
    [0.62, 0.2, 0.08],
  ].map(([cx, cy, r]) => [cx * width, cy * height, r * height] as const);
  return png(width, height, (x, y) => {
    let c = mix(from, to, (x / width + y / height) / 2);
    for (const [cx, cy, r] of circles) if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) c = mix(c, [255, 255, 255], 0.25);
    if (y > height * 0.62 && y < height * 0.8 && x > width * 0.08 && x < width * 0.72) c = mix(c, [255, 255, 255], 0.85);
    return c;
  });
}
