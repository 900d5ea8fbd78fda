import type { InvoiceDetail } from '../../../shared/contract/billing-ledger.ts';

/**
 * An invoice as a one-page PDF (PDF 1.4, Helvetica, text only), written directly: the layout is a
 * list of lines, so no PDF library is needed. Text outside Latin-1 is replaced by '?'.
 */
export function invoicePdf(invoice: InvoiceDetail): Uint8Array<ArrayBuffer> {
  const money = (value: number) => `$${value.toFixed(2)}`;
  const rows: [string, number][] = [
    [`Ironsight invoice ${invoice.number}`, 18],
    [`Billed to: ${invoice.billedTo.name} <${invoice.billedTo.email}>`, 11],
    [
      `Period: ${invoice.period}    Issued: ${invoice.issuedAt.slice(0, 10)}    Due: ${invoice.dueAt.slice(0, 10)}`,
      11,
    ],
    [`Status: ${invoice.status === 'paid' ? 'Paid' : invoice.pastDue ? 'Past due' : 'Open'}`, 11],
    ['', 11],
    ...invoice.lines.map((line): [string, number] => [
      `${line.postedAt.slice(0, 10)}  ${line.description}  ${money(line.amount)}`,
      10,
    ]),
    ['', 11],
    [`Total: ${money(invoice.total)}`, 12],
    [`Credit applied: ${money(invoice.creditApplied)}`, 11],
    [`Paid: ${money(invoice.paid)}`, 11],
    [`Amount due: ${money(invoice.amountDue)}`, 12],
  ];
  const pdfText = (text: string) =>
    text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);
  let y = 760;
  const content = rows
    .slice(0, 60)
    .map(([text, size]) => {
      const line = `BT /F1 ${size} Tf 50 ${y} Td (${pdfText(text.slice(0, 110))}) Tj ET`;
      y -= size + 8;
      return line;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
