/**
 * The certificate of study as a PDF (pdfkit, the DejaVu Sans font embedded so Cyrillic and Kyrgyz
 * letters show and can be searched; tagged for screen readers and archivable, lib/pdf.ts), with a QR
 * code of its public verification address: a token signed with the university's document key
 * (HS256, jose) naming the order.
 */
import { SignJWT, jwtVerify } from 'jose';
import QRCode from 'qrcode';
import type { Language } from '@contract/common';
import { portalDate } from '../../lib/dates';
import { QR_ALT, a4Pdf } from '../../lib/pdf';

/** A token naming the order, valid until `expires`. */
export async function signOrderToken(secret: string, orderId: number, issued: Date, expires: Date): Promise<string> {
  return new SignJWT({ typ: 'certificate' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(orderId))
    .setIssuedAt(Math.floor(issued.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
}

/** The order a token names and whether it has expired by `now`, or null when it is not one of ours. */
export async function verifyOrderToken(secret: string, token: string, now: Date): Promise<{ id: number; expired: boolean } | null> {
  try {
    // The expiry is judged here, after the signature: an expired certificate still names its order.
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], currentDate: new Date(0) });
    const id = Number(payload.sub);
    if (payload.typ !== 'certificate' || !Number.isInteger(id) || id <= 0) return null;
    return { id, expired: typeof payload.exp === 'number' && now.getTime() >= payload.exp * 1000 };
  } catch {
    return null;
  }
}

export interface CertificateData {
  number: number;
  /** The document type's name (certificate of study, for the military office...). */
  type: string;
  university: string;
  student: string;
  group: string;
  speciality: string;
  course: number;
  purpose: string;
  issued: Date;
  verifyUrl: string;
}

const TEXTS: Record<Language, { title: string; body: (d: CertificateData) => string; purpose: string; issued: string; verify: string; no: string }> = {
  ru: {
    title: 'СПРАВКА',
    no: '№',
    body: (d) =>
      `Дана ${d.student} в том, что он(а) действительно является студентом(кой) ${d.course} курса, группы ${d.group}, направления «${d.speciality}».`,
    purpose: 'Справка выдана для предъявления',
    issued: 'Дата выдачи',
    verify: 'Подлинность справки можно проверить по QR-коду или по адресу',
  },
  kg: {
    title: 'МААЛЫМКАТ',
    no: '№',
    body: (d) => `Бул маалымкат ${d.student} чындап эле «${d.speciality}» багытынын ${d.course}-курсунун ${d.group} тайпасынын студенти экенин тастыктайт.`,
    purpose: 'Маалымкат көрсөтүү үчүн берилди',
    issued: 'Берилген күнү',
    verify: 'Маалымкаттын чындыгын QR-код же төмөнкү дарек аркылуу текшерсе болот',
  },
  en: {
    title: 'CERTIFICATE OF STUDY',
    no: 'No.',
    body: (d) => `This is to certify that ${d.student} is a student of year ${d.course}, group ${d.group}, programme "${d.speciality}".`,
    purpose: 'Issued to be presented to',
    issued: 'Date of issue',
    verify: 'The certificate can be verified with the QR code or at',
  },
};

export async function certificatePdf(d: CertificateData, lang: Language): Promise<Buffer> {
  const t = TEXTS[lang];
  const qr = await QRCode.toBuffer(d.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return a4Pdf(60, { title: `${t.title} ${t.no} ${d.number}`, author: d.university, lang }, ({ doc, block, figure }) => {
    block('P', () => doc.font('bold').fontSize(14).text(d.university, { align: 'center' }));
    block('H1', () => doc.moveDown(2).fontSize(20).text(t.title, { align: 'center' }));
    block('P', () => doc.moveDown(0.3).font('regular').fontSize(12).text(`${d.type}, ${t.no} ${d.number}`, { align: 'center' }));
    block('P', () => doc.moveDown(2).fontSize(12).text(t.body(d), { align: 'justify', lineGap: 4 }), { actual: t.body(d) });
    block('P', () => doc.moveDown(1).text(`${t.purpose}: ${d.purpose}.`, { lineGap: 4 }));
    block('P', () => doc.moveDown(1).text(`${t.issued}: ${portalDate(d.issued, lang)}`));
    const y = doc.y + 30;
    figure(QR_ALT[lang](d.verifyUrl), () => doc.image(qr, 60, y, { width: 120 }));
    block('P', () => {
      doc
        .fontSize(9)
        .fillColor('#444444')
        .text(`${t.verify}:`, 200, y + 20, { width: 330 });
      doc.text(d.verifyUrl, 200, doc.y + 4, { width: 330 });
    });
  });
}
