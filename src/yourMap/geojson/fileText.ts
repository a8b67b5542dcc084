import { isSpreadsheetName } from '../csv/looksLikeCsv';
import { MAX_IMPORT_BYTES } from './importResult';

// A chosen or dropped file's bytes as text. GeoJSON is UTF-8 (RFC 7946 and RFC 8259); a file
// that says it is UTF-16 (its byte order mark) is read as such. Anything else that is not UTF-8
// (a file saved as Windows-1252 or Latin-1, say) is refused with where, rather than read with
// its letters silently replaced (`Blob.text()` puts U+FFFD in their place), unless it is XML that
// declares its encoding.

export type FileText = { ok: true; text: string } | { ok: false; message: string };

/** The offset of the first byte that does not begin or continue a valid UTF-8 sequence. */
export function firstNonUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // The sequence's length and its second byte's range (no overlong forms, no surrogates,
    // nothing past U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/** Line and column (1-based, in bytes) of a byte offset. */
function byteLineAndColumn(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i += 1) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function decodeFileText(buffer: ArrayBuffer, spreadsheet = false): FileText {
  const bytes = new Uint8Array(buffer);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { ok: true, text: new TextDecoder('utf-16le').decode(bytes) };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { ok: true, text: new TextDecoder('utf-16be').decode(bytes) };
  }
  const bad = firstNonUtf8Byte(bytes);
  if (bad === -1) return { ok: true, text: new TextDecoder('utf-8').decode(bytes) };
  const declared = declaredXmlEncoding(bytes);
  if (declared) return { ok: true, text: declared.decode(bytes) };
  // Excel on Windows saves "CSV (Comma delimited)" in the system's code page, Windows-1252 in
  // western Europe and the Americas: a spreadsheet's file that is not UTF-8 is read as that.
  if (spreadsheet) return { ok: true, text: new TextDecoder('windows-1252').decode(bytes) };
  const { line, column } = byteLineAndColumn(bytes, bad);
  const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
  return {
    ok: false,
    message:
      `The file is not UTF-8 text: the byte 0x${hex} at line ${line}, column ${column} is not ` +
      'UTF-8 (was it saved as Windows-1252 or Latin-1?). GeoJSON is UTF-8: save the file as ' +
      'UTF-8 and import it again.',
  };
}

/**
 * An XML file (KML, GPX) may say what it is written in (`<?xml version="1.0"
 * encoding="ISO-8859-1"?>`, as older GPS software writes): a decoder for that, where the browser
 * has one and it is not UTF-8 (which the bytes were found not to be).
 */
function declaredXmlEncoding(bytes: Uint8Array): TextDecoder | null {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const label = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  if (!label) return null;
  try {
    const decoder = new TextDecoder(label, { fatal: false });
    return decoder.encoding === 'utf-8' ? null : decoder;
  } catch {
    return null;
  }
}

/**
 * A Blob's text, as decodeFileText reads it; a ZIP archive's (a KMZ's) KML, with the unpacking
 * loaded only then (src/yourMap/xml/kmz.ts).
 */
export async function readFileText(file: Blob): Promise<FileText> {
  const buffer = await file.arrayBuffer();
  // A ZIP archive's local file header: `PK\x03\x04`.
  const head = new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength));
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    const { kmlInKmz } = await import('../xml/kmz');
    const inside = kmlInKmz(new Uint8Array(buffer), MAX_IMPORT_BYTES);
    return inside.ok ? decodeFileText(inside.kml) : inside;
  }
  return decodeFileText(buffer, file instanceof File && isSpreadsheetName(file.name));
}
